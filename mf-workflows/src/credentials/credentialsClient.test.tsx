// Every part of a page reads credentials through one client per API and
// user, so a change made by one part (an account made in a step's form)
// refreshes the list every other part shows (credentialList.ts).
import { renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import { useCredentialsClient, type CredentialsClient } from './api';

function Probe({ into }: { into: CredentialsClient[] }) {
  into.push(useCredentialsClient());
  return null;
}

test('two parts of a page get the same client; another user gets another', () => {
  const seen: CredentialsClient[] = [];
  renderWithProviders(
    <>
      <Probe into={seen} />
      <Probe into={seen} />
    </>,
    { user: testUser() },
  );
  expect(seen.length).toBeGreaterThanOrEqual(2);
  expect(new Set(seen).size).toBe(1);
  const other: CredentialsClient[] = [];
  renderWithProviders(<Probe into={other} />, { user: testUser({ uid: 'someone-else' }) });
  expect(other[0]).not.toBe(seen[0]);
});
