// The schedule trigger's preview: the cron in words in the reader's language
// (cronstrue and its locale) and the next five times in the trigger's zone.
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '@agentflow/shared/testing/renderWithProviders';
import SchedulePreview from './SchedulePreview';

const now = () => new Date('2026-11-27T15:00:00.000Z');
const weekdays = { cron: '30 9 * * 1-5', timeZone: 'America/New_York' };
const times = () => within(screen.getByTestId('schedule-next-times')).getAllByRole('listitem').map((item) => item.querySelector('time')?.getAttribute('dateTime'));

test('describes the cron in English and lists the next five times in the trigger’s time zone', async () => {
  renderWithProviders(<SchedulePreview params={weekdays} active now={now} />);
  expect(await screen.findByTestId('cron-description')).toHaveTextContent('At 09:30 AM, Monday through Friday');
  expect(screen.getByText('Next 5 runs (America/New_York)')).toBeInTheDocument();
  // 09:30 in New York is 14:30 UTC in winter: the next five weekdays after Friday 27 at 15:00 UTC.
  expect(times()).toEqual(['2026-11-30T14:30:00.000Z', '2026-12-01T14:30:00.000Z', '2026-12-02T14:30:00.000Z', '2026-12-03T14:30:00.000Z', '2026-12-04T14:30:00.000Z']);
  // Shown in the trigger's zone, not the browser's: 09:30.
  expect(within(screen.getByTestId('schedule-next-times')).getAllByRole('listitem')[0]).toHaveTextContent(/09:30/);
  expect(screen.queryByText(/The workflow is off/)).not.toBeInTheDocument();
});

test.each([
  ['fr', 'À 09:30, de lundi à vendredi', 'Prochaines'],
  ['de', 'Um 09:30, Montag bis Freitag', 'Nächste 5 Läufe'],
] as const)('in %s the description comes from cronstrue’s locale, on a 24-hour clock', async (language, description, heading) => {
  renderWithProviders(<SchedulePreview params={weekdays} active now={now} />, { language });
  expect(await screen.findByTestId('cron-description')).toHaveTextContent(description);
  if (language === 'de') expect(screen.getByText(`${heading} (America/New_York)`)).toBeInTheDocument();
});

test('an expression that is not cron says how to fix it; a workflow switched off says its times start nothing', async () => {
  const { unmount } = renderWithProviders(<SchedulePreview params={{ cron: 'every morning', timeZone: 'UTC' }} active now={now} />);
  expect(screen.getByText('Enter a valid cron expression and time zone to see when it runs.')).toBeInTheDocument();
  expect(screen.queryByTestId('schedule-next-times')).not.toBeInTheDocument();
  unmount();
  renderWithProviders(<SchedulePreview params={{ cron: '0 8 * * *', timeZone: 'Europe/Rome' }} active={false} now={now} />);
  expect(await screen.findByTestId('cron-description')).toHaveTextContent('At 08:00 AM');
  expect(screen.getByText('The workflow is off: these times start no runs until you switch it on.')).toBeInTheDocument();
});
