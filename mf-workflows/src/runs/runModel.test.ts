import { emptyWorkflow, templateById } from '@agentflow/shared/workflow';
import { fakeRun, fakeStep } from './testing/fakeRunsServer';
import { durationMs, formatDuration, initialValues, isActiveStatus, parseJsonInput, parseRunForm, prettyJson, runFormFields, stepTree, summaryOf } from './runModel';

const followUp = () => templateById('tpl-sales-follow-up-email')!;

describe('run form fields', () => {
  test('come from the manual trigger’s input schema', () => {
    expect(runFormFields(followUp())).toEqual([
      { key: 'contactName', label: 'Contact name', type: 'string', required: true },
      { key: 'company', label: 'Company', type: 'string', required: true },
      { key: 'callNotes', label: 'Notes from the call', type: 'text', required: true },
      { key: 'offeredDiscount', label: 'Discount discussed (%)', type: 'number', required: false },
      { key: 'senderName', label: 'Your name', type: 'string', required: true },
    ]);
  });

  test('a workflow without a manual trigger has none (its input is JSON); malformed entries are skipped', () => {
    const webhook = templateById('tpl-sales-lead-qualification')!;
    expect(runFormFields(webhook)).toBeNull();
    const workflow = emptyWorkflow('user-1', 'X');
    workflow.nodes[0]!.params = { inputSchema: [{ key: 'ok', type: 'boolean' }, { key: '', type: 'string' }, { key: 'bad', type: 'date' }, null] };
    expect(runFormFields(workflow)).toEqual([{ key: 'ok', label: 'ok', type: 'boolean', required: false }]);
  });
});

describe('parseRunForm (zod)', () => {
  const fields = runFormFields(followUp())!;

  test('required fields, then numbers, are checked', () => {
    const values = { ...initialValues(fields), company: '  ', offeredDiscount: 'ten' };
    expect(parseRunForm(fields, values)).toEqual({
      ok: false,
      errors: { contactName: 'required', company: 'required', callNotes: 'required', offeredDiscount: 'number', senderName: 'required' },
    });
  });

  test('a valid form becomes the run input: trimmed strings, numbers, blanks left out, long text kept as typed', () => {
    const values = { contactName: ' Ada ', company: 'Acme', callNotes: 'Line 1\nLine 2 ', offeredDiscount: '', senderName: 'Bob' };
    expect(parseRunForm(fields, values)).toEqual({ ok: true, input: { contactName: 'Ada', company: 'Acme', callNotes: 'Line 1\nLine 2 ', senderName: 'Bob' } });
    expect(parseRunForm(fields, { ...values, offeredDiscount: ' 7.5 ' })).toMatchObject({ ok: true, input: { offeredDiscount: 7.5 } });
  });

  test('booleans stay booleans; initial values reuse an earlier input', () => {
    const flags = [{ key: 'urgent', label: 'Urgent', type: 'boolean' as const, required: false }];
    expect(parseRunForm(flags, { urgent: true })).toEqual({ ok: true, input: { urgent: true } });
    expect(parseRunForm(flags, {})).toEqual({ ok: true, input: { urgent: false } });
    expect(initialValues([...fields, ...flags], { company: 'Acme', offeredDiscount: 5, urgent: true })).toMatchObject({ company: 'Acme', offeredDiscount: '5', urgent: true, contactName: '' });
  });

  test('a file field: its accepted types come along; required means a file is picked (its FileRef joins the input after the upload)', () => {
    const workflow = emptyWorkflow('user-1', 'X');
    workflow.nodes[0]!.params = {
      inputSchema: [
        { key: 'photo', label: 'Site photo', type: 'file', required: true, accept: ['image/*'] },
        { key: 'report', label: 'Report', type: 'file' },
        { key: 'note', label: 'Note', type: 'string' },
      ],
    };
    const files = runFormFields(workflow)!;
    expect(files).toEqual([
      { key: 'photo', label: 'Site photo', type: 'file', required: true, accept: ['image/*'] },
      { key: 'report', label: 'Report', type: 'file', required: false, accept: [] },
      { key: 'note', label: 'Note', type: 'string', required: false },
    ]);
    expect(initialValues(files)).toEqual({ note: '' });
    expect(parseRunForm(files, { note: 'x' })).toEqual({ ok: false, errors: { photo: 'required' } });
    expect(parseRunForm(files, { note: ' x ' }, new Set(['photo']))).toEqual({ ok: true, input: { note: 'x' } });
  });

  test('JSON input must be an object', () => {
    expect(parseJsonInput('{"a": 1}')).toEqual({ ok: true, input: { a: 1 } });
    expect(parseJsonInput('  ')).toEqual({ ok: true, input: {} });
    expect(parseJsonInput('[1]')).toEqual({ ok: false });
    expect(parseJsonInput('{oops')).toEqual({ ok: false });
  });
});

describe('steps and time', () => {
  test('delegated calls nest under the step that made them, in order', () => {
    const tree = stepTree([
      fakeStep({ id: 'trigger' }),
      fakeStep({ id: 'supervisor' }),
      fakeStep({ id: 'supervisor/pricing#1', parentStepId: 'supervisor' }),
      fakeStep({ id: 'supervisor/pricing#1/tax#1', parentStepId: 'supervisor/pricing#1' }),
      fakeStep({ id: 'supervisor/legal#1', parentStepId: 'supervisor' }),
      fakeStep({ id: 'orphan#1', parentStepId: 'gone' }),
    ]);
    expect(tree.map((node) => node.step.id)).toEqual(['trigger', 'supervisor', 'orphan#1']);
    expect(tree[1]!.children.map((node) => node.step.id)).toEqual(['supervisor/pricing#1', 'supervisor/legal#1']);
    expect(tree[1]!.children[0]!.children.map((node) => node.step.id)).toEqual(['supervisor/pricing#1/tax#1']);
  });

  test('durations: ended, still running (against now), not started', () => {
    expect(durationMs('2024-06-01T10:00:00.000Z', '2024-06-01T10:00:01.500Z')).toBe(1500);
    expect(durationMs('2024-06-01T10:00:00.000Z', null, Date.parse('2024-06-01T10:00:03.000Z'))).toBe(3000);
    expect(durationMs(null, null)).toBeNull();
  });

  test('formatDuration uses the language’s units', () => {
    expect(formatDuration(850, 'en')).toBe('850 ms');
    expect(formatDuration(4230, 'en')).toBe('4.2 sec');
    expect(formatDuration(125_000, 'en')).toBe('2 min 5 sec');
    expect(formatDuration(4230, 'de')).toBe('4,2 Sek.');
  });

  test('prettyJson indents objects and leaves text alone', () => {
    expect(prettyJson({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}');
    expect(prettyJson('plain')).toBe('plain');
  });
});

test('a refused run is over (not active), and its summary keeps the refusal code the history translates', () => {
  expect(isActiveStatus('refused')).toBe(false);
  const refused = fakeRun({ status: 'refused', error: 'Insufficient tokens', errorCode: 'insufficient_tokens', trigger: { type: 'webhook', userId: null } });
  expect(summaryOf(refused)).toMatchObject({ status: 'refused', error: 'Insufficient tokens', errorCode: 'insufficient_tokens' });
  expect(summaryOf(fakeRun()).errorCode).toBeNull();
});
