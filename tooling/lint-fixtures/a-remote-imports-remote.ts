// Lint fixture, direction (a): a remote importing another remote. Never built
// or type-checked; tooling/eslint/boundaries.test.ts lints this text as if it
// were mf-billing/src/pages/Fixture.tsx. Each `expect:` names the rule that
// must report that line.
import { CataloguePage } from '../../../mf-workflows/src/pages/CataloguePage'; // expect: agentflow/no-cross-remote
import { RbacApp } from '@agentflow/mf-rbac'; // expect: agentflow/no-cross-remote
export { HomePage } from '@agentflow/mf-home/src/pages/HomePage'; // expect: agentflow/no-cross-remote

export const pages = [CataloguePage, RbacApp];
// Loading another remote's exposed module through Module Federation is still a remote importing a remote.
export const loadHome = () => import('mf_home/HomePage'); // expect: agentflow/no-cross-remote
