import { useHelp, useI18n } from '../federation/contexts.js';
import type { HelpTopicKey } from '../help/topics.js';

/** Opens the help sidebar on this page's topic. */
export function HelpButton({ topic }: { topic: HelpTopicKey }) {
  const { t } = useI18n();
  const { topicKey, openHelp } = useHelp();
  return (
    <button
      type="button"
      className="button button-ghost help-button"
      data-testid="help-button"
      aria-haspopup="dialog"
      aria-expanded={topicKey === topic}
      onClick={() => openHelp(topic)}
    >
      <span aria-hidden="true" className="help-button-icon">?</span> {t('help.open')}
    </button>
  );
}
