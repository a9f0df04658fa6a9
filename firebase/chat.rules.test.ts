// Security rules of the chat apps' collections (issue 23): apps,
// conversations and their messages, the visitor-token key and the answers'
// live events are platform-api's. No browser reads or writes them: not the
// workspace's owner (the publishing routes serve them), not a visitor (the
// public routes serve their own conversation, by token), not a guest.
import { assertFails } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, setDoc, updateDoc } from 'firebase/firestore';
import { rulesSuite } from './rulesTestEnv';

const suite = rulesSuite('demo-agentflow-chat-rules', async (db) => {
  await setDoc(doc(db, 'workflows/wf1'), { ownerId: 'alice', visibility: 'private' });
  await setDoc(doc(db, 'chatApps/app1'), { workflowId: 'wf1', ownerId: 'alice', organizationId: null, status: 'published', allowedOrigins: ['https://shop.example'] });
  await setDoc(doc(db, 'chatConversations/c1'), { appId: 'app1', ownerId: 'alice', organizationId: null, visitorId: 'vvisitor', visitorUid: 'bob' });
  await setDoc(doc(db, 'chatConversations/c1/messages/m1'), { seq: 0, role: 'user', text: 'Is the flat still free?' });
  await setDoc(doc(db, 'chatServerKeys/visitorTokens'), { key: 'c2VjcmV0' });
  await setDoc(doc(db, 'runStreams/run1/events/000000'), { seq: 0, events: [{ type: 'token', text: 'Yes' }] });
});
const dbOf = (uid: string) => suite.dbOf(uid, {});

const paths = ['chatApps/app1', 'chatConversations/c1', 'chatConversations/c1/messages/m1', 'chatServerKeys/visitorTokens', 'runStreams/run1/events/000000'];

describe('chat collections', () => {
  it('the documents exist (the denials below are the rules’ doing, not missing data)', async () => {
    await suite.asAdmin(async (db) => {
      for (const path of paths) expect((await getDoc(doc(db, path))).exists()).toBe(true);
    });
  });

  it.each(paths)('lets neither the workspace owner, the signed-in visitor nor a guest read %s', async (path) => {
    await assertFails(getDoc(doc(dbOf('alice'), path)));
    await assertFails(getDoc(doc(dbOf('bob'), path)));
    await assertFails(getDoc(doc(suite.guestDb(), path)));
  });

  it('lets no browser list apps, conversations, messages or stream events', async () => {
    await assertFails(getDocs(collection(dbOf('alice'), 'chatApps')));
    await assertFails(getDocs(collection(dbOf('alice'), 'chatConversations')));
    await assertFails(getDocs(collection(dbOf('bob'), 'chatConversations/c1/messages')));
    await assertFails(getDocs(collection(dbOf('alice'), 'runStreams/run1/events')));
  });

  it('lets no browser publish, change, pause or delete an app', async () => {
    await assertFails(setDoc(doc(dbOf('alice'), 'chatApps/app2'), { workflowId: 'wf1', ownerId: 'alice', organizationId: null, status: 'published', allowedOrigins: [] }));
    await assertFails(updateDoc(doc(dbOf('alice'), 'chatApps/app1'), { status: 'paused' }));
    await assertFails(updateDoc(doc(dbOf('alice'), 'chatApps/app1'), { allowedOrigins: ['https://evil.example'] }));
    await assertFails(deleteDoc(doc(dbOf('alice'), 'chatApps/app1')));
  });

  it('lets no visitor forge a conversation, a message, an answer, a token key or a stream event', async () => {
    await assertFails(setDoc(doc(dbOf('bob'), 'chatConversations/c2'), { appId: 'app1', visitorId: 'vmine' }));
    await assertFails(setDoc(doc(dbOf('bob'), 'chatConversations/c1/messages/m2'), { seq: 1, role: 'assistant', text: 'Free for you' }));
    await assertFails(updateDoc(doc(dbOf('bob'), 'chatConversations/c1'), { visitorId: 'vmine' }));
    await assertFails(setDoc(doc(dbOf('bob'), 'chatServerKeys/visitorTokens'), { key: 'bWluZQ' }));
    await assertFails(setDoc(doc(suite.guestDb(), 'runStreams/run1/events/000001'), { seq: 1, events: [] }));
  });
});
