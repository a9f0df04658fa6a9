// The RunFiles adapter's rules on a fake store and inspector (the integration
// suite, stepFiles.test.ts, runs them on the Storage emulator): which files a
// step may read, the extraction limits checked before any byte is read, an
// outage told apart from a refusal, and how a saved file is typed and used.
import { FILE_LIMITS, formatBytes, type FileMetadata, type FileUse } from '@agentflow/shared/server';
import { FileRefusedError, type FilesModule } from '../files/index';
import { stepMayRead, storeStepFiles } from './stepFiles';
import { StepFailure, TransientStepError } from './steps';

const run = { id: 'run1', workflowId: 'wf1', ownerId: 'alice', organizationId: null };
const ref = (fileId: string) => ({ fileId, name: 'claimed.pdf', contentType: 'text/plain', size: 1 });

function meta(id: string, use: FileUse, extra: Partial<FileMetadata> = {}): FileMetadata {
  return { id, ownerId: 'alice', organizationId: null, name: `${id}.pdf`, contentType: 'application/pdf', size: 100, sha256: '', objectPath: `files/alice/${id}`, use, createdAt: '', expiresAt: null, ...extra };
}

function fakeFiles(files: FileMetadata[], { readFails = false, sniffed = 'image/png' as string | null } = {}) {
  const reads: string[] = [];
  const saved: unknown[] = [];
  const store = {
    get: async (id: string) => files.find((f) => f.id === id) ?? null,
    read: async (file: { id: string }) => {
      reads.push(file.id);
      if (readFails) throw new FileRefusedError(503, 'File storage is unavailable right now; nothing was stored. Try again in a minute.', 'storage_unavailable');
      return Buffer.from('bytes');
    },
    save: async (file: { bytes: Buffer; contentType: string; use: FileUse; name: string }) => {
      saved.push(file);
      return meta('saved0000000000000000', file.use, { name: file.name, contentType: file.contentType, size: file.bytes.length });
    },
    maxFileBytes: async () => 5,
  };
  const inspector = { contentTypeOf: async () => sniffed, extractText: async () => ({ text: 'hello', truncated: false }), close: async () => undefined };
  return { files: storeStepFiles({ store, inspector } as unknown as Pick<FilesModule, 'store' | 'inspector'>), reads, saved };
}

describe('stepMayRead', () => {
  test.each<[string, FileMetadata, boolean]>([
    ['the run’s own file', meta('a', { kind: 'run', runId: 'run1', workflowId: 'wf1', stepId: null }), true],
    ['an earlier run’s file of the same workflow (a re-run)', meta('b', { kind: 'run', runId: 'run0', workflowId: 'wf1', stepId: 'http' }), true],
    ['an approver’s attachment in this workflow', meta('c', { kind: 'approval', runId: 'run1', workflowId: 'wf1', stepId: 'approve' }), true],
    ['a file of another workflow’s run', meta('d', { kind: 'run', runId: 'x', workflowId: 'wf2', stepId: null }), false],
    ['another owner’s file of this workflow', meta('e', { kind: 'run', runId: 'run1', workflowId: 'wf1', stepId: null }, { ownerId: 'bob' }), false],
    ['an unused upload', meta('f', { kind: 'upload' }), false],
    ['a profile photo', meta('g', { kind: 'profile' }), false],
  ])('%s: %s', (_label, file, allowed) => {
    expect(stepMayRead(run, file)).toBe(allowed);
  });
});

describe('storeStepFiles', () => {
  test('a missing file and a forbidden one fail alike, naming only the label', async () => {
    const { files, reads } = fakeFiles([meta('photo', { kind: 'profile' })]);
    const missing = files.read(run, ref('nothing'), 'The file to send');
    await expect(missing).rejects.toThrow(new StepFailure("The file to send: this file cannot be used here; a step reads only files of this workflow's runs"));
    await expect(files.read(run, ref('photo'), 'The file to send')).rejects.toThrow("The file to send: this file cannot be used here; a step reads only files of this workflow's runs");
    expect(reads).toEqual([]);
  });

  test('reads with the stored type and name, not the reference’s claim', async () => {
    const { files } = fakeFiles([meta('doc', { kind: 'run', runId: 'run1', workflowId: 'wf1', stepId: null })]);
    await expect(files.read(run, ref('doc'), 'x')).resolves.toMatchObject({ contentType: 'application/pdf', name: 'doc.pdf' });
  });

  test('an extraction past the size limit or of another type is refused before any byte is read', async () => {
    const use: FileUse = { kind: 'run', runId: 'run1', workflowId: 'wf1', stepId: null };
    const { files, reads } = fakeFiles([meta('huge', use, { size: FILE_LIMITS.maxExtractBytes + 1 }), meta('zip', use, { contentType: 'application/zip' })]);
    await expect(files.extractText(run, ref('huge'), 'Attached file 1')).rejects.toThrow(`Attached file 1 ("huge.pdf"): the file is larger than ${formatBytes(FILE_LIMITS.maxExtractBytes)}, the most an agent reads`);
    await expect(files.extractText(run, ref('zip'), 'Attached file 2')).rejects.toThrow('Attached file 2 ("zip.pdf"): an agent reads text from PDF, Word (.docx) and text files, not application/zip');
    expect(reads).toEqual([]);
  });

  test('a storage outage is transient, so the executor tries again', async () => {
    const { files } = fakeFiles([meta('doc', { kind: 'run', runId: 'run1', workflowId: 'wf1', stepId: null })], { readFails: true });
    const error = await files.read(run, ref('doc'), 'The file to send').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransientStepError);
  });

  test('a saved file is the step’s, typed on its bytes; a type no run file has is kept as plain bytes', async () => {
    const png = fakeFiles([]);
    await expect(png.files.save(run, 'fetch', { name: 'chart.png', bytes: Buffer.from('x') })).resolves.toMatchObject({ contentType: 'image/png', name: 'chart.png' });
    expect(png.saved[0]).toMatchObject({ use: { kind: 'run', runId: 'run1', workflowId: 'wf1', stepId: 'fetch' }, ownerId: 'alice' });
    const exe = fakeFiles([], { sniffed: 'application/x-elf' });
    await expect(exe.files.save(run, 'fetch', { name: 'tool', bytes: Buffer.from('x') })).resolves.toMatchObject({ contentType: 'application/octet-stream' });
  });
});
