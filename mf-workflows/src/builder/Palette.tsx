// The palette: one button per node type, which adds the node on click or
// drags it onto the canvas (DRAG_TYPE carries the node type).
import { useI18n } from '@agentflow/shared';
import { NODE_TYPES } from '@agentflow/shared/workflow';
import type { BuilderAction } from './builderState';
import { NODE_TYPE_KEYS } from './fields';

const P = 'workflows.builder.';
/** The drag data type between the palette and the canvas. */
export const DRAG_TYPE = 'application/x-agentflow-node';

export function Palette({ dispatch, readOnly }: { dispatch: (a: BuilderAction) => void; readOnly: boolean }) {
  const { t } = useI18n();
  return (
    <nav className="builder-palette" aria-label={t(`${P}palette.title`)}>
      <h2>{t(`${P}palette.title`)}</h2>
      <p className="field-hint">{t(`${P}palette.hint`)}</p>
      {NODE_TYPES.map((type) => (
        <button
          key={type}
          type="button"
          className={`builder-palette-item builder-palette-item--${NODE_TYPE_KEYS[type]}`}
          disabled={readOnly}
          draggable={!readOnly}
          onDragStart={(e) => {
            e.dataTransfer.setData(DRAG_TYPE, type);
            e.dataTransfer.effectAllowed = 'copy';
          }}
          onClick={() => dispatch({ type: 'addNode', nodeType: type })}
        >
          {t(`${P}palette.add`, { type: t(`${P}nodeTypes.${NODE_TYPE_KEYS[type]}`) })}
        </button>
      ))}
    </nav>
  );
}
