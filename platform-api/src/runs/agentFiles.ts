// The files an agent step reads (its `files` param): each expression gives
// one file or a list, and each file's text is extracted through the RunFiles
// port before the first model call. A file that cannot be read (not this
// workflow's, not a PDF, Word or text file, too large, unreadable) fails the
// step, naming it, before any token is spent.
import { FILE_LIMITS } from '@agentflow/shared/domain';
import { PARAM_LIMITS, parseNodeParams } from '@agentflow/shared/workflow';
import type { AgentAttachment } from '../agents/attachments.js';
import { filesOf } from './fileExpressions.js';
import { StepFailure, type StepContext } from './steps.js';

/** The most files one agent step reads, whatever its expressions give. */
const MAX_FILES = Math.max(PARAM_LIMITS.maxAgentFiles, FILE_LIMITS.maxFilesPerRequest);

export async function agentAttachments(context: StepContext): Promise<AgentAttachment[]> {
  const parsed = parseNodeParams('agent', context.node.params);
  // Invalid params are runAgent's to report.
  const expressions = parsed.success ? (parsed.data.files ?? []) : [];
  if (expressions.length === 0) return [];
  const { files } = context;
  if (!files) throw new StepFailure(`${context.node.name} reads files, but file storage is not available on this server`);
  const attachments: AgentAttachment[] = [];
  const seen = new Set<string>();
  for (const [index, expression] of expressions.entries()) {
    for (const ref of await filesOf(expression, context.input, `Attached file ${index + 1}`)) {
      if (seen.has(ref.fileId)) continue;
      seen.add(ref.fileId);
      if (seen.size > MAX_FILES) throw new StepFailure(`${context.node.name} reads at most ${MAX_FILES} files; its file expressions give more`);
      const text = await files.extractText(context.run, ref, `Attached file ${index + 1} (${expression})`);
      attachments.push({ name: text.name, contentType: text.contentType, text: text.text, truncated: text.truncated });
    }
  }
  return attachments;
}
