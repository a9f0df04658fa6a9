/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { render, screen, within } from '@testing-library/react';
import { DataTable } from './DataTable';

describe('DataTable', () => {
  test('column headers, the caller’s rows, and the scrolling box around the table', () => {
    const { container } = render(
      <DataTable columns={['Name', { label: 'Tokens', className: 'number' }]} className="billing-table" testId="usage" caption="Usage by day">
        <tr>
          <th scope="row">Monday</th>
          <td className="number">12</td>
        </tr>
      </DataTable>,
    );
    const table = screen.getByRole('table', { name: 'Usage by day' });
    expect(table).toHaveAttribute('data-testid', 'usage');
    expect(table).toHaveClass('billing-table');
    expect(table.parentElement).toHaveClass('table-scroll');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Name', 'Tokens']);
    expect(screen.getByRole('columnheader', { name: 'Tokens' })).toHaveClass('number');
    expect(within(table).getByRole('rowheader', { name: 'Monday' })).toBeInTheDocument();
    expect(container.querySelector('caption')).not.toHaveClass('visually-hidden');
  });

  test('no caption unless given; a hidden one still names the table', () => {
    const { rerender, container } = render(
      <DataTable columns={['A']} className="access-table">
        {null}
      </DataTable>,
    );
    expect(container.querySelector('caption')).toBeNull();
    rerender(
      <DataTable columns={['A']} className="access-table" caption="Who holds what" hideCaption>
        {null}
      </DataTable>,
    );
    expect(screen.getByRole('table', { name: 'Who holds what' })).toBeInTheDocument();
    expect(container.querySelector('caption')).toHaveClass('visually-hidden');
  });
});
