// The workspace switcher and the account menu are one menu button
// (HeaderMenu): the same keyboard, dismissal and focus, checked here on both.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { LocationProbe, renderWithProviders, testUser } from '@agentflow/shared/testing/renderWithProviders';
import { Header } from './Header';

const MENUS = [
  { menu: 'Workspaces', button: () => screen.findByTestId('workspace-switcher'), first: 'Personal Owner', last: 'New workspace…' },
  { menu: 'Account', button: () => screen.findByRole('button', { name: /^Signed in as / }), first: 'Profile', last: 'Sign out' },
] as const;

async function renderHeader() {
  renderWithProviders(
    <>
      <Header />
      <LocationProbe />
    </>,
    { route: '/workflows', user: testUser(), workspace: {} },
  );
  // Both menus load once someone is signed in.
  await Promise.all(MENUS.map((menu) => menu.button()));
}

const menuNamed = (name: string) => screen.getByRole('menu', { name });
const focusedText = () => document.activeElement?.textContent;

describe.each(MENUS)('the $menu menu', ({ menu, button, first, last }) => {
  test('the button says it opens a menu and which; a click opens it on its first item and closes it again', async () => {
    await renderHeader();
    const opener = await button();
    expect(opener).toHaveAttribute('aria-haspopup', 'menu');
    expect(opener).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(opener);
    expect(opener).toHaveAttribute('aria-expanded', 'true');
    expect(opener).toHaveAttribute('aria-controls', menuNamed(menu).id);
    expect(focusedText()).toBe(first);
    fireEvent.click(opener);
    expect(screen.queryByRole('menu', { name: menu })).not.toBeInTheDocument();
  });

  test('Up on the button opens on the last item; Down, Up, Home and End move round the items', async () => {
    await renderHeader();
    fireEvent.keyDown(await button(), { key: 'ArrowUp' });
    expect(focusedText()).toBe(last);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(focusedText()).toBe(first);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(focusedText()).toBe(last);
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(focusedText()).toBe(first);
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(focusedText()).toBe(last);
  });

  test('Down on the button opens it; Escape closes it and gives focus back to the button', async () => {
    await renderHeader();
    const opener = await button();
    fireEvent.keyDown(opener, { key: 'ArrowDown' });
    expect(focusedText()).toBe(first);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('menu', { name: menu })).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  test('Tab closes it (focus moves on); a press outside closes it, a press inside does not', async () => {
    await renderHeader();
    const opener = await button();
    fireEvent.click(opener);
    fireEvent.keyDown(document.activeElement!, { key: 'Tab' });
    expect(screen.queryByRole('menu', { name: menu })).not.toBeInTheDocument();
    fireEvent.click(opener);
    fireEvent.pointerDown(within(menuNamed(menu)).getAllByRole('menuitem')[0]!);
    expect(menuNamed(menu)).toBeInTheDocument();
    fireEvent.pointerDown(screen.getByTestId('location'));
    expect(screen.queryByRole('menu', { name: menu })).not.toBeInTheDocument();
  });

  test('opening one menu and then the other leaves only the second open', async () => {
    await renderHeader();
    const other = MENUS.find((candidate) => candidate.menu !== menu)!;
    fireEvent.click(await other.button());
    const opener = await button();
    // The press that opens this one is outside the other.
    act(() => {
      fireEvent.pointerDown(opener);
      fireEvent.click(opener);
    });
    expect(screen.getAllByRole('menu').map((element) => element.getAttribute('aria-label'))).toEqual([menu]);
  });
});
