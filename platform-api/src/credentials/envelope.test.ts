import { CredentialDecryptError, open, reseal, seal, sealContext, type SealedSecrets } from './envelope';
import { KeyConfigError, createKeyRing, generateMasterKey, keyRingFromEnv, parseMasterKey } from './keyRing';

const CANARY = 'sk-canary-7f3a9-do-not-leak';
const master = parseMasterKey(generateMasterKey(), 'test');
const ring = createKeyRing(master);
const context = sealContext('cred1', 'user:alice');

function flipByte(encoded: string, index: number): string {
  const bytes = Buffer.from(encoded, 'base64');
  bytes[index] = bytes[index]! ^ 0x01;
  return bytes.toString('base64');
}

test('round trip: what is sealed opens to the same secrets, and the sealed form does not contain them', () => {
  const sealed = seal({ apiKey: CANARY, other: 'x' }, master, context);
  expect(sealed.keyId).toBe(master.id);
  expect(JSON.stringify(sealed)).not.toContain(CANARY);
  expect(JSON.stringify(sealed)).not.toContain(Buffer.from(CANARY).toString('base64').slice(0, 12));
  expect(open(sealed, ring, context)).toEqual({ apiKey: CANARY, other: 'x' });
});

test('each sealing uses a fresh data key and IVs: the same secret seals differently twice', () => {
  const a = seal({ apiKey: CANARY }, master, context);
  const b = seal({ apiKey: CANARY }, master, context);
  expect(a.payload).not.toBe(b.payload);
  expect(a.wrappedKey).not.toBe(b.wrappedKey);
});

test('a wrong master key (same id claimed) is refused', () => {
  const sealed = seal({ apiKey: CANARY }, master, context);
  const impostor = { id: master.id, key: parseMasterKey(generateMasterKey(), 'x').key };
  expect(() => open(sealed, createKeyRing(impostor), context)).toThrow(CredentialDecryptError);
});

test('a key id this server does not hold is refused, naming the id and nothing secret', () => {
  const sealed = seal({ apiKey: CANARY }, master, context);
  const other = createKeyRing(parseMasterKey(generateMasterKey(), 'other'));
  expect(() => open(sealed, other, context)).toThrow(new RegExp(master.id));
});

test.each<[string, (sealed: SealedSecrets) => unknown]>([
  ['a flipped bit in the ciphertext', (sealed) => ({ ...sealed, payload: flipByte(sealed.payload, 40) })],
  ['a flipped bit in the tag', (sealed) => ({ ...sealed, payload: flipByte(sealed.payload, 14) })],
  ['a flipped bit in the wrapped data key', (sealed) => ({ ...sealed, wrappedKey: flipByte(sealed.wrappedKey, 35) })],
  ['a truncated payload', (sealed) => ({ ...sealed, payload: sealed.payload.slice(0, 8) })],
  ['another credential’s payload', (sealed) => ({ ...sealed, payload: seal({ apiKey: 'x' }, master, context).payload })],
  ['a missing field', ({ payload: _payload, ...rest }) => rest],
  ['not an object', () => 'garbage'],
])('tampering fails loudly: %s', (_name, tamper) => {
  const sealed = seal({ apiKey: CANARY }, master, context);
  let thrown: unknown;
  try {
    open(tamper(sealed), ring, context);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(CredentialDecryptError);
  expect(String((thrown as Error).message)).not.toContain(CANARY);
});

test('a sealed blob moved to another credential or owner does not open', () => {
  const sealed = seal({ apiKey: CANARY }, master, context);
  expect(() => open(sealed, ring, sealContext('cred2', 'user:alice'))).toThrow(CredentialDecryptError);
  expect(() => open(sealed, ring, sealContext('cred1', 'user:mallory'))).toThrow(CredentialDecryptError);
});

test('rotation: reseal opens under the previous key and seals under the current one; the old key alone no longer opens it', () => {
  const oldKey = master;
  const sealed = seal({ apiKey: CANARY }, oldKey, context);
  const newKey = parseMasterKey(generateMasterKey(), 'new');
  const rotated = reseal(sealed, createKeyRing(newKey, [oldKey]), context);
  expect(rotated.keyId).toBe(newKey.id);
  expect(open(rotated, createKeyRing(newKey), context)).toEqual({ apiKey: CANARY });
  expect(() => open(rotated, createKeyRing(oldKey), context)).toThrow(CredentialDecryptError);
});

describe('keyRingFromEnv', () => {
  test('no key: no ring (the vault answers 503)', () => {
    expect(keyRingFromEnv({})).toBeNull();
    expect(keyRingFromEnv({ CREDENTIALS_KEY: '  ' })).toBeNull();
  });
  test('current and previous keys, each known by its fingerprint id', () => {
    const current = generateMasterKey();
    const previous = generateMasterKey();
    const fromEnv = keyRingFromEnv({ CREDENTIALS_KEY: current, CREDENTIALS_PREVIOUS_KEYS: ` ${previous} ,` })!;
    expect(fromEnv.current.id).toBe(parseMasterKey(current, 'x').id);
    expect(fromEnv.byId(parseMasterKey(previous, 'x').id)).toBeDefined();
    expect(fromEnv.current.id).not.toContain(current.slice(0, 8));
  });
  test.each(['short', Buffer.alloc(16).toString('base64'), `${generateMasterKey()}!!`])('a malformed key is refused at start: %s', (value) => {
    expect(() => keyRingFromEnv({ CREDENTIALS_KEY: value })).toThrow(KeyConfigError);
  });
});
