import type { ReactNode } from 'react';
import type { HelpTopicKey } from '../help/topics.js';
import { HelpButton } from './HelpButton.js';

/** The title block every page starts with, with the page's help button. */
export function PageHeader({ title, subtitle, actions, helpTopic }: { title: string; subtitle?: string; actions?: ReactNode; helpTopic?: HelpTopicKey }) {
  return (
    <header className="page-header">
      <div className="page-header-top">
        <h1>{title}</h1>
        {helpTopic ? <HelpButton topic={helpTopic} /> : null}
      </div>
      {subtitle ? <p>{subtitle}</p> : null}
      {actions ? <div className="page-header-actions">{actions}</div> : null}
    </header>
  );
}
