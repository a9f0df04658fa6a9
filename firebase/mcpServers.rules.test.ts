// Security rules of MCP servers (issue 24): a server names the credential
// platform-api sends it, so only platform-api reads or writes them; members
// see them through /api/mcp-servers.
import { assertFails } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, setDoc, updateDoc } from 'firebase/firestore';
import { rulesSuite } from './rulesTestEnv';

const suite = rulesSuite('demo-agentflow-mcpservers-rules', async (db) => {
  await setDoc(doc(db, 'mcpServers/srv1'), { createdBy: 'alice', workspaceId: 'personal:alice', name: 'Docs', url: 'https://mcp.example.com', credentialId: 'cred1' });
});
const dbOf = (uid: string) => suite.dbOf(uid, {});

describe('mcpServers', () => {
  it('the document exists (the denials below are the rules’ doing)', async () => {
    await suite.asAdmin(async (db) => expect((await getDoc(doc(db, 'mcpServers/srv1'))).exists()).toBe(true));
  });

  it('lets neither its creator, another user nor a guest read or list them', async () => {
    for (const db of [dbOf('alice'), dbOf('bob'), suite.guestDb()]) {
      await assertFails(getDoc(doc(db, 'mcpServers/srv1')));
      await assertFails(getDocs(collection(db, 'mcpServers')));
    }
  });

  it('lets nobody write one: not a new server, not a changed URL or credential, not a delete', async () => {
    await assertFails(setDoc(doc(dbOf('alice'), 'mcpServers/srv2'), { createdBy: 'alice', url: 'https://evil.example', credentialId: 'cred1' }));
    await assertFails(updateDoc(doc(dbOf('alice'), 'mcpServers/srv1'), { url: 'https://evil.example' }));
    await assertFails(deleteDoc(doc(dbOf('alice'), 'mcpServers/srv1')));
  });
});
