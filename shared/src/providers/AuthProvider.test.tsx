/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { render, screen, waitFor } from '@testing-library/react';
import { useAuth } from '../federation/contexts';
import { AuthProvider } from './AuthProvider';

function Probe() {
  const { user, loading, error } = useAuth();
  return <p data-testid="auth">{loading ? 'loading' : `user=${user?.uid ?? 'none'} error=${error ?? 'none'}`}</p>;
}

test('without an initialised Firebase app it reports the error instead of crashing the page', async () => {
  render(
    <AuthProvider>
      <Probe />
    </AuthProvider>,
  );
  expect(screen.getByTestId('auth')).toHaveTextContent('loading');
  await waitFor(() =>
    expect(screen.getByTestId('auth')).toHaveTextContent(
      'user=none error=Firebase is not initialised: call initFirebase(config) before using Auth or Firestore',
    ),
  );
});

describe('loading the Auth SDK only when a session may exist', () => {
  const web = jest.requireActual<typeof import('../firebase/web')>('../firebase/web');

  afterEach(() => jest.restoreAllMocks());

  test('a browser with no persisted sign-in is a guest at once, without loading Auth', async () => {
    jest.spyOn(web, 'probePersistedAuthSession').mockResolvedValue('none');
    const getAuth = jest.spyOn(web, 'getFirebaseAuth');
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('auth')).toHaveTextContent('user=none error=none'));
    expect(getAuth).not.toHaveBeenCalled();
  });

  test('a persisted sign-in loads Auth and follows its state', async () => {
    jest.spyOn(web, 'probePersistedAuthSession').mockResolvedValue('maybe');
    const getAuth = jest.spyOn(web, 'getFirebaseAuth').mockRejectedValue(new Error('auth unavailable in this test'));
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('auth')).toHaveTextContent('error=auth unavailable in this test'));
    expect(getAuth).toHaveBeenCalledTimes(1);
  });

  test('a guest tab picks up a sign-in made in another tab when it is looked at again', async () => {
    const probe = jest.spyOn(web, 'probePersistedAuthSession').mockResolvedValue('none');
    const getAuth = jest.spyOn(web, 'getFirebaseAuth').mockRejectedValue(new Error('loaded after focus'));
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('auth')).toHaveTextContent('user=none error=none'));
    expect(getAuth).not.toHaveBeenCalled();
    probe.mockResolvedValue('maybe');
    window.dispatchEvent(new Event('focus'));
    await waitFor(() => expect(getAuth).toHaveBeenCalledTimes(1));
  });
});
