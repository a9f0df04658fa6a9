#!/usr/bin/env node
// firebase-tools cannot download the Firestore emulator offline. These
// machines carry Google's own emulator jar (Debian package
// google-cloud-cli-firestore-emulator); this script wraps it in a tiny jar
// whose manifest names its main class and puts the real jar on the class path,
// and prints where that wrapper is, for FIRESTORE_EMULATOR_BINARY_PATH.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const WRAPPER_JAR = path.join(here, '.emulator', 'firestore-emulator-wrapper.jar');
const MAIN_CLASS = 'com.google.cloud.datastore.emulator.firestore.CloudFirestore';
const KNOWN_JAR = '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar';
const DEBIAN_PACKAGE = 'google-cloud-cli-firestore-emulator';

export class SetupError extends Error {}

function findEmulatorJar() {
  if (process.env.FIRESTORE_EMULATOR_JAR) {
    if (!existsSync(process.env.FIRESTORE_EMULATOR_JAR)) {
      throw new SetupError(`FIRESTORE_EMULATOR_JAR points at ${process.env.FIRESTORE_EMULATOR_JAR}, which does not exist.`);
    }
    return process.env.FIRESTORE_EMULATOR_JAR;
  }
  const listed = spawnSync('dpkg', ['-L', DEBIAN_PACKAGE], { encoding: 'utf8' });
  const fromDpkg = listed.status === 0 ? listed.stdout.split('\n').find((line) => line.endsWith('emulator.jar')) : undefined;
  const jar = fromDpkg ?? (existsSync(KNOWN_JAR) ? KNOWN_JAR : undefined);
  if (!jar || !existsSync(jar)) {
    throw new SetupError(
      `The Firestore emulator jar is missing: expected ${KNOWN_JAR} from the Debian package ${DEBIAN_PACKAGE} ` +
        `(install it with 'apt-get install ${DEBIAN_PACKAGE}', or set FIRESTORE_EMULATOR_JAR to the jar's path).`,
    );
  }
  return jar;
}

function checkJava() {
  const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (java.error || java.status !== 0) {
    throw new SetupError('Java is missing: the Firestore emulator needs a Java runtime (17 or newer) on PATH, e.g. apt-get install openjdk-17-jdk-headless.');
  }
  const jarTool = spawnSync('jar', ['--version'], { encoding: 'utf8' });
  if (jarTool.error || jarTool.status !== 0) {
    throw new SetupError("The JDK's 'jar' tool is missing: install a full JDK (apt-get install openjdk-17-jdk-headless).");
  }
}

/** Builds the wrapper jar when missing or stale; returns its path. */
export function ensureFirestoreEmulatorWrapper() {
  const emulatorJar = findEmulatorJar();
  checkJava();
  const dir = path.dirname(WRAPPER_JAR);
  const manifestPath = path.join(dir, 'MANIFEST.MF');
  const manifest = `Manifest-Version: 1.0\nMain-Class: ${MAIN_CLASS}\nClass-Path: file:${emulatorJar}\n`;
  if (existsSync(WRAPPER_JAR) && existsSync(manifestPath) && readFileSync(manifestPath, 'utf8') === manifest) {
    return WRAPPER_JAR;
  }
  mkdirSync(dir, { recursive: true });
  writeFileSync(manifestPath, manifest);
  execFileSync('jar', ['cfm', WRAPPER_JAR, manifestPath], { cwd: dir, stdio: 'pipe' });
  return WRAPPER_JAR;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  try {
    const jar = ensureFirestoreEmulatorWrapper();
    console.log(`Firestore emulator wrapper ready: ${jar}`);
    console.log(`export FIRESTORE_EMULATOR_BINARY_PATH=${jar}`);
  } catch (error) {
    console.error(`setup-emulator: ${error.message}`);
    process.exit(1);
  }
}
