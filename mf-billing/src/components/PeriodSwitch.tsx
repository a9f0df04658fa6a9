import { useId } from 'react';

/**
 * One choice out of a few (month / year, week / month / year) as radio
 * buttons drawn as a segmented switch; the legend names the group for screen readers.
 */
export function PeriodSwitch<T extends string>({
  legend,
  options,
  value,
  label,
  onChange,
  testId,
}: {
  legend: string;
  options: readonly T[];
  value: T;
  label: (option: T) => string;
  onChange: (option: T) => void;
  testId: string;
}) {
  const name = useId();
  return (
    <fieldset className="billing-periods" data-testid={testId}>
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option}>
          <input type="radio" name={name} value={option} checked={value === option} onChange={() => onChange(option)} />
          {label(option)}
        </label>
      ))}
    </fieldset>
  );
}
