import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createFakeBillingServer } from '../testing/fakeBillingServer';
import { renderBilling, restoreFetch } from '../testing/renderBilling';

afterEach(restoreFetch);

const rows = (testId: string) =>
  within(screen.getByTestId(testId))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

async function openUsage(options: Parameters<typeof renderBilling>[1] = {}) {
  const rendered = renderBilling('/billing/usage', options);
  await screen.findByTestId('usage-progress');
  await waitFor(() => expect(rows('usage-points').length).toBeGreaterThan(0));
  return rendered;
}

describe('Usage page', () => {
  test('the summary: used of total with a progress bar, and the reset date', async () => {
    const { server } = await openUsage();
    const progress = screen.getByRole('progressbar', { name: 'Tokens used this period' });
    expect(progress).toHaveAttribute('aria-valuenow', '3');
    expect(progress).toHaveAttribute('aria-valuemin', '0');
    expect(progress).toHaveAttribute('aria-valuemax', '100');
    expect(progress).toHaveAttribute('aria-valuetext', '3 of 100 tokens used');
    expect(screen.getByTestId('usage-used')).toHaveTextContent('3 of 100 tokens used');
    expect(screen.getByTestId('usage-remaining')).toHaveTextContent('Left: 97');
    expect(screen.getByTestId('usage-reset')).toHaveTextContent('Your allowance refills on July 31, 2024.');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Billing');
    expect(document.title).toBe('Agentflow · Token usage');
    for (const request of server.requests) expect(request.authorization).toBe('Bearer test-id-token-user-1');
  });

  test('the history: month by default, read with the period and the language, listed under the chart', async () => {
    const { server } = await openUsage();
    expect(screen.getByRole('radio', { name: 'Month' })).toBeChecked();
    expect(server.pageRequests().find((request) => request.path === '/api/tokens/history')).toMatchObject({
      method: 'GET',
      query: { period: 'month', timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone },
      acceptLanguage: 'en',
      authorization: 'Bearer test-id-token-user-1',
    });
    expect(rows('usage-points')).toEqual([
      ['Jun 3', '2'],
      ['Jun 4', '1'],
    ]);
    expect(screen.getByTestId('usage-chart')).toHaveAttribute('data-period', 'month');
  });

  test('the week/month/year switch reads that period and changes the labels', async () => {
    const { server } = await openUsage();
    fireEvent.click(screen.getByRole('radio', { name: 'Week' }));
    await waitFor(() => expect(rows('usage-points')).toEqual([['Mon', '1'], ['Tue', '2']]));
    expect(screen.getByRole('radio', { name: 'Week' })).toBeChecked();
    fireEvent.click(screen.getByRole('radio', { name: 'Year' }));
    await waitFor(() => expect(rows('usage-points')).toEqual([['Jun', '3']]));
    expect(screen.getByTestId('usage-chart')).toHaveAttribute('data-period', 'year');
    expect(server.pageRequests().filter((request) => request.path === '/api/tokens/history').map((request) => request.query.period)).toEqual(['month', 'week', 'year']);
  });

  test('the chart loads (its own chunk) inside the chart container', async () => {
    await openUsage();
    const chart = screen.getByTestId('usage-chart');
    await waitFor(() => expect(chart.querySelector('.billing-chart-canvas')).not.toBeNull());
  });

  test('an empty history says so', async () => {
    const server = createFakeBillingServer();
    server.state.history.month = [];
    renderBilling('/billing/usage', { server });
    expect(await screen.findByText('No tokens used in this period yet.')).toBeInTheDocument();
  });

  test('the recent entries, by feature (translated), newest first as the service sends them', async () => {
    const { server } = await openUsage();
    await screen.findByTestId('usage-recent');
    expect(rows('usage-recent').map((row) => row.slice(0, 2))).toEqual([
      ['Workflow run', '1'],
      ['Voice command', '2'],
    ]);
    // An entry from before runs were named reads as it always did: no workflow.
    expect(rows('usage-recent').map((row) => row[3])).toEqual(['', '']);
    expect(server.pageRequests().find((request) => request.path === '/api/tokens/usage')).toMatchObject({ method: 'GET', authorization: 'Bearer test-id-token-user-1' });
  });

  test('a run’s entries name its workflow and link to the run on its graph', async () => {
    const server = createFakeBillingServer();
    server.state.entries = [
      { id: 'u-3', userId: 'user-1', tokensUsed: 12, feature: 'agent', timestamp: '2024-06-05T10:00:00.000Z', createdAt: '2024-06-05T10:00:00.000Z', workflowId: 'wf-7', workflowName: 'Lead triage', runId: 'run-42' } as (typeof server.state.entries)[number],
      ...server.state.entries,
    ];
    await openUsage({ server });
    await screen.findByTestId('usage-recent');
    expect(screen.getByRole('columnheader', { name: 'Workflow and run' })).toBeInTheDocument();
    expect(rows('usage-recent')[0]).toEqual(['Agent step', '12', expect.any(String), 'Lead triage']);
    expect(within(screen.getByTestId('usage-recent')).getByRole('link', { name: 'Lead triage' })).toHaveAttribute('href', '/workflows/wf-7/runs/run-42');
  });

  test('a failed history read shows the translated error of its code (never the service’s English), and Try again reads it again', async () => {
    const server = createFakeBillingServer();
    server.fail('GET', '/api/tokens/history', 500, 'History store down');
    renderBilling('/billing/usage', { server });
    expect(await screen.findByText('Something failed on our side. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText(/History store down/)).not.toBeInTheDocument();
    const alert = screen.getByText('Something failed on our side. Please try again.').closest('[role="alert"]') as HTMLElement;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows('usage-points')).toEqual([['Jun 3', '2'], ['Jun 4', '1']]));
  });

  test('a failed membership load shows the provider’s translated error with a retry', async () => {
    const server = createFakeBillingServer();
    // The provider loads twice (on sign-in, then the page's refresh): both fail.
    server.fail('GET', '/api/membership', 503);
    server.fail('GET', '/api/membership', 503);
    renderBilling('/billing/usage', { server });
    expect(await screen.findByText('Failed to load membership details.')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await act(async () => {
      fireEvent.click(within(screen.getByTestId('usage-summary')).getByRole('button', { name: 'Try again' }));
    });
    expect(await screen.findByRole('progressbar')).toHaveAttribute('aria-valuenow', '3');
  });

  test('is translated (de)', async () => {
    const { server } = await openUsage({ language: 'de' });
    expect(screen.getByRole('radio', { name: 'Monat' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Woche' })).toBeInTheDocument();
    expect(screen.getByTestId('usage-used')).toHaveTextContent('3 von 100 Tokens verbraucht');
    expect(screen.getByRole('progressbar', { name: 'In diesem Zeitraum verbrauchte Tokens' })).toBeInTheDocument();
    expect(screen.getByTestId('usage-reset')).toHaveTextContent('31. Juli 2024');
    expect(server.pageRequests().find((request) => request.path === '/api/tokens/history')?.acceptLanguage).toBe('de');
  });

  test('the figures are grouped in the page’s language (an allowance of 10,000)', async () => {
    const server = createFakeBillingServer();
    server.state.total = 10_000;
    server.state.membership.tokensRemaining = 8_766;
    await openUsage({ server, language: 'de' });
    expect(screen.getByTestId('usage-used')).toHaveTextContent('1.234 von 10.000 Tokens verbraucht');
    expect(screen.getByTestId('usage-remaining')).toHaveTextContent('Übrig: 8.766');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuetext', '1.234 von 10.000 Tokens verbraucht');
  });

  test('signed out: sent to sign in, nothing fetched', async () => {
    const { server } = renderBilling('/billing/usage', { user: null });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/signin?next=${encodeURIComponent('/billing/usage')}`));
    expect(server.requests).toEqual([]);
  });
});
