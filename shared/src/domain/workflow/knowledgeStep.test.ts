import { isKnowledgeStepOutput, KNOWLEDGE_STEP_LIMITS, stepPassage } from './knowledgeStep.js';
import { nodeProblems } from './nodeProblems.js';
import { defaultParams, parseNodeParams } from './params.js';
import { RETRIEVAL_LIMITS } from '../knowledge/fusion.js';
import type { RetrievedPassage } from '../knowledge/model.js';

const issuePaths = (type: 'knowledge' | 'agent', params: unknown) => {
  const parsed = parseNodeParams(type, params);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join('.'));
};

describe('Knowledge step params', () => {
  it('need a knowledge base and a query expression; top-k and the threshold are optional (the base decides)', () => {
    expect(parseNodeParams('knowledge', { knowledgeBaseId: 'kb1', query: 'input.question' })).toMatchObject({ success: true, data: { knowledgeBaseId: 'kb1', query: 'input.question' } });
    expect(issuePaths('knowledge', { knowledgeBaseId: 'kb1' })).toEqual(['query']);
    expect(issuePaths('knowledge', { query: 'input.q' })).toEqual(['knowledgeBaseId']);
    expect(issuePaths('knowledge', { knowledgeBaseId: 'kb1', query: 'input.q', extra: 1 })).toEqual(['']);
  });

  it('hold top-k and the threshold to the retrieval limits, naming the field', () => {
    const base = { knowledgeBaseId: 'kb1', query: 'input.q' };
    expect(parseNodeParams('knowledge', { ...base, topK: RETRIEVAL_LIMITS.maxTopK, minSimilarity: 0.5 }).success).toBe(true);
    expect(issuePaths('knowledge', { ...base, topK: RETRIEVAL_LIMITS.maxTopK + 1 })).toEqual(['topK']);
    expect(issuePaths('knowledge', { ...base, topK: 0 })).toEqual(['topK']);
    expect(issuePaths('knowledge', { ...base, topK: 2.5 })).toEqual(['topK']);
    expect(issuePaths('knowledge', { ...base, minSimilarity: 1.5 })).toEqual(['minSimilarity']);
    expect(issuePaths('knowledge', { ...base, minSimilarity: 'high' })).toEqual(['minSimilarity']);
  });

  it('a fresh step asks for its knowledge base; a broken query expression is a problem of that param', () => {
    const fresh = nodeProblems({ id: 'k', type: 'knowledge', params: defaultParams('knowledge') });
    // An empty id breaks more than one rule of an id; every problem is of that param.
    expect(new Set(fresh.map((problem) => problem.path))).toEqual(new Set(['knowledgeBaseId']));
    const broken = nodeProblems({ id: 'k', type: 'knowledge', params: { knowledgeBaseId: 'kb1', query: 'input.(' } });
    expect(broken).toEqual([expect.objectContaining({ code: 'invalid-expression', path: 'query' })]);
  });
});

describe("an agent's knowledge bases", () => {
  const agent = (knowledge: unknown) => ({ name: 'A', role: 'r', promptTemplate: 'p', tools: { http: [], delegates: [], knowledge } });

  it('are document ids, distinct, at most KNOWLEDGE_STEP_LIMITS.maxAgentKnowledgeBases', () => {
    expect(parseNodeParams('agent', agent(['kb1', 'kb2'])).success).toBe(true);
    expect(parseNodeParams('agent', { ...agent(undefined), tools: { http: [], delegates: [] } }).success).toBe(true);
    expect(issuePaths('agent', agent(['kb1', 'kb1']))).toEqual(['tools.knowledge.1']);
    expect(issuePaths('agent', agent(['a/b']))).toEqual(['tools.knowledge.0']);
    const many = Array.from({ length: KNOWLEDGE_STEP_LIMITS.maxAgentKnowledgeBases + 1 }, (_, i) => `kb${i}`);
    expect(issuePaths('agent', agent(many))).toEqual(['tools.knowledge']);
  });
});

describe('step passages', () => {
  const retrieved: RetrievedPassage = {
    chunkId: 'src1:0003',
    text: 'The warranty covers two years.',
    citation: { knowledgeBaseId: 'kb1', sourceId: 'src1', sourceName: 'Boiler.pdf', url: null, page: 9, headings: ['Warranty'] },
    relevance: 0.98765,
    similarity: 0.8,
    vectorRank: 1,
    keywordRank: 2,
  };

  it('keep the text, the citation and its source, with the relevance as a rounded score', () => {
    expect(stepPassage(retrieved)).toEqual({ text: retrieved.text, score: 0.988, citation: retrieved.citation, sourceId: 'src1' });
  });

  it('are recognised in a step output (the run view shows them as cited cards), nothing else is', () => {
    expect(isKnowledgeStepOutput({ knowledgeBaseId: 'kb1', query: 'q', mode: 'keyword', passages: [stepPassage(retrieved)] })).toBe(true);
    expect(isKnowledgeStepOutput({ mode: 'fuzzy', passages: [] })).toBe(false);
    expect(isKnowledgeStepOutput({ mode: 'hybrid', passages: [{ text: 'x' }] })).toBe(false);
    expect(isKnowledgeStepOutput('text')).toBe(false);
  });
});
