import { HELP_TOPICS, helpTopicForPath, isHelpTopic } from './topics';

test.each([
  ['/', 'home'],
  ['/workflows', 'workflows'],
  ['/workflows/abc/runs', 'workflows'],
  ['/billing', 'billing'],
  ['/admin/access/roles', 'access'],
  ['/pwa/install-instructions', 'install'],
  ['/signin', 'account'],
  ['/signup', 'account'],
  ['/reset-password', 'account'],
  ['/profile', 'account'],
  ['/signing-bonus', 'home'],
  ['/nowhere', 'home'],
])('%s is explained by the %s topic', (path, topic) => {
  expect(helpTopicForPath(path)).toBe(topic);
});

test('isHelpTopic accepts exactly the topics', () => {
  for (const topic of HELP_TOPICS) expect(isHelpTopic(topic)).toBe(true);
  expect(isHelpTopic('admin')).toBe(false);
  expect(isHelpTopic(undefined)).toBe(false);
});
