// `npm start` while another stack holds a port: it must say which port is
// taken and stop, not hang. Runs the real launcher as a separate process.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const START = path.join(__dirname, 'start.mjs');

function occupy(port: number): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

test('a second npm start names the taken port and exits instead of hanging', async () => {
  const blocker = await occupy(3000);
  try {
    const child = spawn(process.execPath, [START], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output).toMatch(/Ports? already in use: .*3000 \(shell\)/);
    expect(output).toContain('Another Agentflow stack (npm start or npm test) is probably running');
    expect(output).not.toContain('Agentflow is running');
  } finally {
    await new Promise((resolve) => blocker.close(resolve));
  }
});
