import { CONNECTORS, connectorOf } from '@agentflow/shared/workflow';
import { paramFieldsOf } from './paramFields';

const fields = (connector: string, operation: string) => {
  const c = connectorOf(connector)!;
  const op = c.operations.find((o) => o.id === operation)!;
  return Object.fromEntries(paramFieldsOf(op.params).map((f) => [f.key, f]));
};

test('each param gets the editor its schema asks for', () => {
  const deal = fields('hubspot', 'createDeal');
  expect(deal.dealname).toMatchObject({ kind: 'text', required: true });
  expect(deal.amount).toMatchObject({ kind: 'number', required: false, integer: false });
  expect(deal.dealstage).toMatchObject({ kind: 'select', options: expect.arrayContaining(['closedwon', 'qualifiedtobuy']) });
  expect(deal.closedate).toMatchObject({ kind: 'dateTime' });
  expect(deal.properties).toMatchObject({ kind: 'record', required: false });
  expect(fields('hubspot', 'createContact').email).toMatchObject({ kind: 'email', required: true });
  expect(fields('hubspot', 'searchContacts').limit).toMatchObject({ kind: 'number', integer: true, min: 1, max: 100 });
  expect(fields('slack', 'postMessage').text).toMatchObject({ kind: 'textarea', required: true });
  expect(fields('gmail', 'sendEmail').attachments).toMatchObject({ kind: 'files', required: false });
  expect(fields('email', 'sendEmail').html).toMatchObject({ kind: 'checkbox' });
});

test('every declared param maps to a field, in the declaration’s order', () => {
  for (const connector of CONNECTORS) {
    for (const op of [...connector.operations, ...connector.triggers]) {
      expect(paramFieldsOf(op.params).map((f) => f.key)).toEqual(Object.keys(op.params.shape));
    }
  }
});
