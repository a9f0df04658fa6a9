import { DOCX_TYPE, FILE_LIMITS, RUN_FILE_TYPES } from '@agentflow/shared/files';
import { acceptAttribute, checkFile, formFieldOf, maxUploadBytes, presetOf, stepFiles } from './fileChecks';
import { fakeFileRef } from '../testing/fakeRunsServer';

test('an accept list is the preset it equals, whatever its order; a hand-made one is none', () => {
  expect(presetOf(undefined)).toBe('any');
  expect(presetOf([])).toBe('any');
  expect(presetOf(['image/*'])).toBe('images');
  expect(presetOf(['text/plain', 'application/pdf', DOCX_TYPE])).toBe('documents');
  expect(presetOf(['image/png'])).toBeNull();
});

test('the picker offers the field’s types, or every type a run takes', () => {
  expect(acceptAttribute(['image/*', 'application/pdf'])).toBe('image/*,application/pdf');
  expect(acceptAttribute([])).toBe(RUN_FILE_TYPES.join(','));
});

test('a file over the limit or of another type is refused before upload; an unknown type is left to the service', () => {
  const five = 5_000_000;
  expect(checkFile({ size: five + 1, type: 'application/pdf' }, { accept: [], maxBytes: five })).toEqual({ code: 'tooLarge', maxBytes: five });
  expect(checkFile({ size: 10, type: 'application/pdf' }, { accept: ['image/*'], maxBytes: five })).toEqual({ code: 'wrongType' });
  expect(checkFile({ size: 10, type: 'image/png' }, { accept: ['image/*'], maxBytes: five })).toBeNull();
  expect(checkFile({ size: 10, type: '' }, { accept: ['image/*'], maxBytes: five })).toBeNull();
  expect(maxUploadBytes(1e12)).toBe(FILE_LIMITS.maxUploadBytes);
});

test('a refusal’s field loses the runs API’s input. prefix', () => {
  expect(formFieldOf('input.photo')).toBe('photo');
  expect(formFieldOf('photo')).toBe('photo');
  expect(formFieldOf(null)).toBeNull();
});

test('a step’s files: what it passed on counts once, as produced', () => {
  const photo = fakeFileRef(1, { name: 'site.jpg', contentType: 'image/jpeg' });
  const report = fakeFileRef(2);
  const answer = fakeFileRef(3);
  expect(stepFiles({ input: { photo, report }, output: { body: answer, photo } })).toEqual({ received: [report], produced: [answer, photo] });
  expect(stepFiles({ input: null, output: { approved: true, attachments: [report] } })).toEqual({ received: [], produced: [report] });
});
