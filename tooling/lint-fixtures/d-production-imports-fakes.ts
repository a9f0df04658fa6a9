// Lint fixture, direction (d): production code importing the test kit, a fake
// server or a test file. Linted as billing-api/src/stripe/fixture.ts.
import { startFakeStripe } from '../testing/fakeStripe/index'; // expect: agentflow/no-test-fakes
import { startFakeOpenAI } from '../../../platform-api/src/testing/fakeOpenAI'; // expect: agentflow/no-test-fakes
import { startHarness } from '../../testing/harness'; // expect: agentflow/no-test-fakes
import { emulatorHosts } from '@agentflow/shared/testing/emulators'; // expect: agentflow/no-test-fakes
import { signedEvent } from './webhook.test'; // expect: agentflow/no-test-fakes
import request from 'supertest'; // expect: agentflow/no-test-fakes

export const used = [startFakeStripe, startFakeOpenAI, startHarness, emulatorHosts, signedEvent, request];
