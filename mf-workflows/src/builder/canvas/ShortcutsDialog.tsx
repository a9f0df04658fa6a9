// The keyboard shortcuts, listed in a small dialog (opened by "Shortcuts" or
// the ? key); loaded on demand, never on the builder's first view.
import { useEffect, useRef } from 'react';
import { useI18n } from '@agentflow/shared';

const C = 'workflows.canvas.shortcuts.';
const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** What each shortcut does (a key under workflows.canvas.shortcuts) and its keys ('Mod' is Ctrl, or ⌘ on a Mac). */
export const SHORTCUTS: readonly { action: string; keys: string[] }[] = [
  { action: 'undo', keys: ['Mod', 'Z'] },
  { action: 'redo', keys: ['Mod', 'Shift', 'Z'] },
  { action: 'delete', keys: ['Delete'] },
  { action: 'copy', keys: ['Mod', 'C'] },
  { action: 'paste', keys: ['Mod', 'V'] },
  { action: 'duplicate', keys: ['Mod', 'D'] },
  { action: 'selectAll', keys: ['Mod', 'A'] },
  { action: 'multiSelect', keys: ['shiftClick'] },
  { action: 'autoLayout', keys: ['Shift', 'Alt', 'T'] },
  { action: 'fitView', keys: ['1'] },
  { action: 'help', keys: ['?'] },
];

export default function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useI18n();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && typeof dialog.showModal === 'function' && !dialog.open) dialog.showModal();
  }, []);
  const words: Record<string, string> = { Mod: isMac() ? '⌘' : 'Ctrl', shiftClick: t(`${C}shiftClick`), Delete: t(`${C}keyDelete`), Shift: t(`${C}keyShift`) };
  const keyName = (key: string) => words[key] ?? key;
  return (
    <dialog ref={ref} className="shortcuts-dialog" aria-labelledby="shortcuts-title" onClose={onClose} onCancel={onClose} open={typeof HTMLDialogElement === 'undefined' || typeof HTMLDialogElement.prototype.showModal !== 'function' ? true : undefined}>
      <h2 id="shortcuts-title">{t(`${C}title`)}</h2>
      <dl className="shortcuts-list">
        {SHORTCUTS.map(({ action, keys }) => (
          <div key={action} className="shortcuts-row">
            <dt>
              {keys.map((key, i) => (
                <span key={key}>
                  {i > 0 && ' + '}
                  <kbd>{keyName(key)}</kbd>
                </span>
              ))}
            </dt>
            <dd>{t(`${C}${action}`)}</dd>
          </div>
        ))}
      </dl>
      <button type="button" className="btn" onClick={onClose} autoFocus>
        {t(`${C}close`)}
      </button>
    </dialog>
  );
}
