// Screenshots of the MCP servers page and the agent step's MCP tool picker
// (issue 24) at 1280×800 and 390×844, on in-memory clients
// (mf-workflows/src/testing/mcpServersScreenshotHarness.tsx): no stack, no
// standard port (harnessPages.mjs bundles, serves on PORT, default 18797, and drives Chromium).
//   node e2e/screenshots/mcpServers.mjs [outDir]   (default /tmp/mcp-servers-shots)
import path from 'node:path';
import { screenshotHarness } from './harnessPages.mjs';

const shots = await screenshotHarness({
  entry: './src/testing/mcpServersScreenshotHarness.tsx',
  outDir: path.resolve(process.argv[2] ?? '/tmp/mcp-servers-shots'),
  port: Number(process.env.PORT ?? 18797),
  shoot: async ({ page, go, shot }) => {
    await go('empty=1', 'mcp-servers-empty');
    await shot('empty');
    await go('', 'mcp-server-row');
    await page.getByText('Linear token').waitFor();
    await shot('list');
    await page.getByRole('button', { name: 'Add MCP server' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an MCP server' });
    await dialog.getByLabel('Name').fill('Intranet wiki');
    await dialog.getByLabel('Server address').fill('http://10.0.4.12/mcp');
    await dialog.getByRole('button', { name: 'Add server' }).click();
    await dialog.getByText(/inside a private network/).waitFor();
    await shot('add-refused');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'List the tools of Handbook search' }).click();
    await page.getByRole('dialog', { name: 'Tools of Handbook search' }).waitFor();
    await shot('tools');
    await go('member=1', 'mcp-server-row');
    await shot('read-only');
    await go('lang=de', 'mcp-server-row');
    await shot('list-de');
    await go('view=picker', 'agent-mcp-tools');
    await page.getByTestId('agent-mcp-tools').scrollIntoViewIfNeeded();
    await shot('picker');
  },
});
console.log(shots.join('\n'));
