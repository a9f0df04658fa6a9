/**
 * A button acting on one item of a list: every row's button reads the same
 * ("Remove"), so the item's name follows for screen readers. `reset` runs
 * first (it clears the failure an earlier action left on screen).
 */
export function ItemAction({
  label,
  item,
  variant = 'ghost',
  disabled,
  reset,
  onClick,
}: {
  label: string;
  item: string;
  variant?: 'primary' | 'secondary' | 'ghost';
  disabled?: boolean;
  reset?: () => void;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={`button button-${variant}`}
      disabled={disabled}
      onClick={() => {
        reset?.();
        onClick();
      }}
    >
      {label}
      <span className="visually-hidden"> {item}</span>
    </button>
  );
}
