import { useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useI18n } from '../federation/contexts.js';
import { getSpeechRecognition } from '../speech/recognition.js';
import { VOICE_COMMAND_EXAMPLES } from '../../domain/voice/index.js';
import { HELP_CONTENT } from './content/index.js';
import { HELP_TOPICS, type HelpTopicKey } from './topics.js';

interface HelpSidebarProps {
  topicKey: HelpTopicKey | null;
  onClose: () => void;
  onOpenTopic: (topicKey: HelpTopicKey) => void;
  /** Runs once the sidebar has closed, to hand focus back. */
  onClosed: () => void;
}

/**
 * A non-modal side panel: the page stays usable while help is open. Escape
 * and the close button shut it; focus then returns to the help button.
 */
export default function HelpSidebar({ topicKey, onClose, onOpenTopic, onClosed }: HelpSidebarProps) {
  const { t, language } = useI18n();
  // Keep showing the last topic while the panel closes (remembered while rendering a new one, not in an effect after it).
  const [shownTopic, setShownTopic] = useState<HelpTopicKey>(topicKey ?? 'home');
  if (topicKey && topicKey !== shownTopic) setShownTopic(topicKey);

  const catalog = HELP_CONTENT[language];
  const topic = catalog.topics[shownTopic];
  const voiceSupported = getSpeechRecognition() !== null;

  return (
    <Dialog.Root open={topicKey !== null} onOpenChange={(open) => (open ? undefined : onClose())} modal={false}>
      <Dialog.Portal>
        <Dialog.Content
          className="help-sidebar"
          data-testid="help-sidebar"
          data-topic={shownTopic}
          // Reading help while clicking around the page must not close it.
          onInteractOutside={(event) => event.preventDefault()}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            onClosed();
          }}
        >
          <div className="help-sidebar-header">
            <p className="help-sidebar-kicker">{t('help.title')}</p>
            <Dialog.Close className="help-sidebar-close" aria-label={t('help.close')}>
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </div>
          <Dialog.Title className="help-sidebar-title">{topic.title}</Dialog.Title>
          <Dialog.Description className="help-sidebar-intro">{topic.intro}</Dialog.Description>
          <ul className="help-sidebar-tips">
            {topic.tips.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
          {shownTopic === 'voice' ? (
            <>
              {voiceSupported ? null : (
                <p className="help-sidebar-note" data-testid="voice-unsupported">
                  {catalog.voiceUnsupported}
                </p>
              )}
              <h3 className="help-sidebar-subtitle">{t('help.voiceExamples')}</h3>
              <ul className="help-sidebar-examples">
                {VOICE_COMMAND_EXAMPLES[language].map((example) => (
                  <li key={example.command}>“{example.phrase}”</li>
                ))}
              </ul>
            </>
          ) : null}
          <nav className="help-sidebar-topics" aria-label={t('help.otherTopics')}>
            <h3 className="help-sidebar-subtitle">{t('help.otherTopics')}</h3>
            <ul>
              {HELP_TOPICS.filter((key) => key !== shownTopic).map((key) => (
                <li key={key}>
                  <button type="button" className="link-button" onClick={() => onOpenTopic(key)}>
                    {catalog.topics[key].title}
                  </button>
                </li>
              ))}
            </ul>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
