import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '@agentflow/shared/testing/renderWithProviders';
import { loadRemotePage } from '../remotes/remoteLoader';
import { RemotePage } from './RemotePage';

jest.mock('../remotes/remoteLoader', () => ({ loadRemotePage: jest.fn() }));

const mockedLoad = jest.mocked(loadRemotePage);

function BillingRemote() {
  return <h1>Billing from the remote</h1>;
}

let consoleError: jest.SpyInstance;
beforeEach(() => {
  mockedLoad.mockReset();
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => consoleError.mockRestore());

/** A promise the test settles by hand, to look at the loading state. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

describe('RemotePage', () => {
  test('shows a loading status, then the remote page', async () => {
    const pending = deferred<typeof BillingRemote>();
    mockedLoad.mockReturnValueOnce(pending.promise);
    renderWithProviders(<RemotePage remote="mf_billing" exposed="./BillingApp" />);

    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    await act(async () => pending.resolve(BillingRemote));

    expect(screen.getByRole('heading', { name: 'Billing from the remote' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(mockedLoad).toHaveBeenCalledTimes(1);
    expect(mockedLoad).toHaveBeenCalledWith('mf_billing', './BillingApp');
  });

  test('a remote that fails to load shows the error screen; Try Again loads it again', async () => {
    mockedLoad.mockRejectedValueOnce(new Error('ChunkLoadError: mf_billing is down')).mockResolvedValueOnce(BillingRemote);
    renderWithProviders(<RemotePage remote="mf_billing" exposed="./BillingApp" />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong');
    expect(alert).toHaveTextContent('An unexpected error occurred. Please try refreshing the page.');
    expect(screen.queryByText('Billing from the remote')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));

    expect(await screen.findByRole('heading', { name: 'Billing from the remote' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(mockedLoad).toHaveBeenCalledTimes(2);
    expect(mockedLoad).toHaveBeenNthCalledWith(1, 'mf_billing', './BillingApp');
    expect(mockedLoad).toHaveBeenNthCalledWith(2, 'mf_billing', './BillingApp');
    expect(mockedLoad).toHaveBeenCalledTimes(2);
  });

  test('a rejection that is not an Error still reaches the error screen', async () => {
    mockedLoad.mockRejectedValueOnce('network down');
    renderWithProviders(<RemotePage remote="mf_home" exposed="./HomePage" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(consoleError).toHaveBeenCalledWith('Agentflow: a page failed', expect.objectContaining({ message: 'network down' }), expect.any(String));
  });

  test('a remote page that throws while rendering is caught by the same boundary', async () => {
    function Broken(): never {
      throw new Error('bug in the remote');
    }
    mockedLoad.mockResolvedValueOnce(Broken).mockResolvedValueOnce(BillingRemote);
    renderWithProviders(<RemotePage remote="mf_billing" exposed="./BillingApp" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Billing from the remote')).toBeInTheDocument();
  });

  test('the error screen follows the language', async () => {
    mockedLoad.mockRejectedValueOnce(new Error('down'));
    renderWithProviders(<RemotePage remote="mf_rbac" exposed="./AccessApp" />, { language: 'de' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Etwas ist schiefgelaufen');
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeInTheDocument();
  });
});
