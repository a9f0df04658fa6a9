// What a usage chart shows: rows (a day, a week, a month…) with one figure per
// series (tokens; or runs by status group, stacked). Plain data: the texts in
// it are already translated by the page that draws the chart.
export interface ChartSeries {
  key: string;
  /** Its name in the reader's language (legend, tooltip, table column). */
  name: string;
  colour: string;
}

export interface ChartRow {
  key: string;
  /** The row's label in the reader's language (axis, table row header). */
  label: string;
  values: Readonly<Record<string, number>>;
}
