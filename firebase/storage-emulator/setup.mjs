#!/usr/bin/env node
// The firebase-tools Storage emulator is plain Node, but it starts Google's rules
// runtime jar (`java -jar <jar> serve`), which it downloads and cannot here. This
// builds a tiny jar, firebase/.emulator/storage-rules-runtime.jar, whose one
// class runs our stand-in (rulesRuntime.mjs: the deny-all ruleset only) with
// Node, and prints where it is, for STORAGE_EMULATOR_BINARY_PATH. It also checks
// that firebase/storage.rules is the deny-all ruleset, so a changed rules file
// fails here, loudly, rather than as a warning in the emulator's log.
import { createHash } from 'node:crypto';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SetupError } from '../setup-emulator.mjs';
import { DENY_ALL_RULES_PATH, isDenyAllRuleset, refusalMessage } from './rulesRuntime.mjs';

export { SetupError };

const here = path.dirname(fileURLToPath(import.meta.url));
export const RULES_RUNTIME_JAR = path.join(here, '..', '.emulator', 'storage-rules-runtime.jar');
export const RULES_RUNTIME_SCRIPT = path.join(here, 'rulesRuntime.mjs');
export const STORAGE_RULES = DENY_ALL_RULES_PATH;
const LAUNCHER_SOURCE = path.join(here, 'RulesRuntimeLauncher.java');
const MAIN_CLASS = 'RulesRuntimeLauncher';

function checkJdk() {
  for (const [tool, args] of [
    ['java', ['-version']],
    ['javac', ['-version']],
    ['jar', ['--version']],
  ]) {
    const run = spawnSync(tool, args, { encoding: 'utf8' });
    if (run.error || run.status !== 0) {
      throw new SetupError(
        `The JDK's '${tool}' is missing: the Storage emulator's rules runtime launcher is a small Java class (the emulator always starts its rules runtime with java). ` +
          'Install a JDK 17 or newer, e.g. apt-get install openjdk-17-jdk-headless.',
      );
    }
  }
}

/** Throws unless firebase/storage.rules is the deny-all ruleset the stand-in evaluates. */
export function checkStorageRules(file = STORAGE_RULES) {
  if (!existsSync(file)) throw new SetupError(`${file} is missing: it holds the deny-all Storage rules.`);
  if (!isDenyAllRuleset(readFileSync(file, 'utf8'))) throw new SetupError(refusalMessage(file));
}

/** Builds the rules runtime jar when missing or stale; returns its path (for STORAGE_EMULATOR_BINARY_PATH). */
export function ensureStorageRulesRuntime() {
  checkStorageRules();
  const source = readFileSync(LAUNCHER_SOURCE, 'utf8');
  const manifest =
    'Manifest-Version: 1.0\n' +
    `Main-Class: ${MAIN_CLASS}\n` +
    `Agentflow-Node: ${process.execPath}\n` +
    `Agentflow-Rules-Runtime: ${RULES_RUNTIME_SCRIPT}\n` +
    `Agentflow-Launcher-Sha256: ${createHash('sha256').update(source).digest('hex')}\n`;
  const dir = path.dirname(RULES_RUNTIME_JAR);
  const manifestPath = RULES_RUNTIME_JAR.replace(/\.jar$/, '.MF');
  if (existsSync(RULES_RUNTIME_JAR) && existsSync(manifestPath) && readFileSync(manifestPath, 'utf8') === manifest) {
    return RULES_RUNTIME_JAR;
  }
  checkJdk();
  mkdirSync(dir, { recursive: true });
  // Built aside and renamed into place: several test workers may build at once.
  const work = mkdtempSync(path.join(dir, 'storage-rules-runtime-'));
  try {
    execFileSync('javac', ['--release', '11', '-d', work, LAUNCHER_SOURCE], { stdio: 'pipe' });
    writeFileSync(path.join(work, 'MANIFEST.MF'), manifest);
    const jar = path.join(work, 'runtime.jar');
    execFileSync('jar', ['cfm', jar, 'MANIFEST.MF', `${MAIN_CLASS}.class`], { cwd: work, stdio: 'pipe' });
    renameSync(jar, RULES_RUNTIME_JAR);
    renameSync(path.join(work, 'MANIFEST.MF'), manifestPath);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return RULES_RUNTIME_JAR;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  try {
    const jar = ensureStorageRulesRuntime();
    console.log(`Storage rules runtime (deny-all stand-in) ready: ${jar}`);
    console.log(`export STORAGE_EMULATOR_BINARY_PATH=${jar}`);
  } catch (error) {
    console.error(`storage-emulator setup: ${error.message}`);
    process.exit(1);
  }
}
