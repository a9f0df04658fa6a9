// The parts of shared/src are kept apart by their tsconfigs (README, "shared
// by runtime role"). This compiles one fixture per part with that part's own
// settings: every line marked `refused` must fail to type-check, and the
// `allowed` fixture must compile cleanly, so a loosened tsconfig fails here.
import path from 'node:path';
import ts from 'typescript';

const SRC = path.join(__dirname, '..', 'src');
type Part = 'domain' | 'web' | 'server' | 'ledger';

/** Diagnostics of a virtual file src/<part>/__fixture__.ts, as "line: message". */
function compile(part: Part, source: string): { line: number; message: string }[] {
  const configPath = path.join(SRC, part, 'tsconfig.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n')); } });
  if (!parsed) throw new Error(`cannot read ${configPath}`);
  const fixture = path.join(SRC, part, '__fixture__.ts');
  const options = { ...parsed.options, noEmit: true, composite: false, incremental: false, declaration: false, declarationMap: false };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists } = host;
  host.getSourceFile = (name, ...rest) => (name === fixture ? ts.createSourceFile(name, source, ts.ScriptTarget.ES2022, true) : getSourceFile(name, ...rest));
  host.fileExists = (name) => name === fixture || fileExists(name);
  // The part's own ambient declarations (domain/globals.d.ts) come along; its other files need not.
  const ambient = parsed.fileNames.filter((file) => file.endsWith('.d.ts'));
  // Without its project references a part cannot reach any other part's sources (they lie
  // outside its rootDir); which parts it may import through them, `tsc -b shared` shows.
  const program = ts.createProgram({ rootNames: [fixture, ...ambient], options, host });
  return ts.getPreEmitDiagnostics(program).map((d) => ({
    line: d.file?.fileName === fixture && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0,
    message: ts.flattenDiagnosticMessageText(d.messageText, ' '),
  }));
}

function expectRefused(part: Part, source: string, ruleText: RegExp[]) {
  const diagnostics = compile(part, source);
  source.split('\n').forEach((text, index) => {
    if (!text.includes('// refused')) return;
    // Another part's file is refused for lying outside rootDir; TypeScript names that
    // file once, at whichever import reached it first, so it is matched by name.
    const relative = /from '(\.\.\/[^']+)\.js'/.exec(text)?.[1];
    const outsideRootDir = relative ? `File '${path.join(SRC, part, relative)}.ts` : null;
    const errors = diagnostics.some((d) => d.line === index + 1 || (outsideRootDir !== null && d.message.startsWith(outsideRootDir) && d.message.includes('rootDir')));
    expect({ line: text, errors }).toEqual({ line: text, errors: true });
  });
  const messages = diagnostics.map((d) => d.message).join('\n');
  for (const rule of ruleText) expect(messages).toMatch(rule);
}

const TIMEOUT = 120_000;

test('domain: no React, Firebase, Express, Node or DOM, and no other part', () => {
  expectRefused('domain', [
    "import { useState } from 'react'; // refused",
    "import { getAuth } from 'firebase/auth'; // refused",
    "import { getFirestore } from 'firebase-admin/firestore'; // refused",
    "import { Router } from 'express'; // refused",
    "import { readFileSync } from 'node:fs'; // refused",
    "import { AppProviders } from '../web/providers/AppProviders.js'; // refused",
    'export const uses = [useState, getAuth, getFirestore, Router, readFileSync, AppProviders];',
    'export const title = document.title; // refused',
    'export const env = process.env; // refused',
  ].join('\n'), [/may not import react/, /may not import the Firebase web SDK/, /may not import firebase-admin/, /may not import express/]);
}, TIMEOUT);

test('web: no Node built-ins, Admin SDK, Express stack, server or ledger part', () => {
  expectRefused('web', [
    "import { readFileSync } from 'node:fs'; // refused",
    "import { getFirestore } from 'firebase-admin/firestore'; // refused",
    "import { Router } from 'express'; // refused",
    "import { pino } from 'pino'; // refused",
    "import { createServiceApp } from '../server/app.js'; // refused",
    "import { createSerialQueue } from '../ledger/serialQueue.js'; // refused",
    'export const uses = [readFileSync, getFirestore, Router, pino, createServiceApp, createSerialQueue];',
    'export const env = process.env; // refused',
  ].join('\n'), [/may not import firebase-admin/, /may not import express/]);
}, TIMEOUT);

test('server and ledger: no React, Firebase web SDK, DOM or web part', () => {
  for (const part of ['server', 'ledger'] as const) {
    expectRefused(part, [
      "import { useState } from 'react'; // refused",
      "import { createRoot } from 'react-dom/client'; // refused",
      "import { getAuth } from 'firebase/auth'; // refused",
      "import { createUserProfile } from '../web/providers/AuthProvider.js'; // refused",
      'export const uses = [useState, createRoot, getAuth, createUserProfile];',
      'export const title = document.title; // refused',
    ].join('\n'), [/may not import react/, /may not import the Firebase web SDK/]);
  }
  // The ledger sits below the service kit: it may not reach up into it.
  expectRefused('ledger', "import { createServiceApp } from '../server/app.js'; // refused\nexport const uses = createServiceApp;", []);
}, TIMEOUT);

test('what each part may use compiles', () => {
  const allowed: Record<Part, string> = {
    domain: "import { z } from 'zod';\nimport jsonata from 'jsonata';\nexport const ok = [z, jsonata, new URL('https://a.example').hostname, new TextEncoder().encode('x')];",
    web: "import { useState } from 'react';\nimport { getAuth } from 'firebase/auth';\nimport { Dialog } from '@radix-ui/react-dialog';\nexport const ok = [useState, getAuth, Dialog, document.title, new URL('https://a.example')];",
    ledger: "import { getFirestore } from 'firebase-admin/firestore';\nimport { randomUUID } from 'node:crypto';\nexport const ok = [getFirestore, randomUUID, process.env];",
    server: "import { Router } from 'express';\nimport { getAuth } from 'firebase-admin/auth';\nimport helmet from 'helmet';\nimport { pino } from 'pino';\nexport const ok = [Router, getAuth, helmet, pino, process.env];",
  };
  for (const [part, source] of Object.entries(allowed) as [Part, string][]) {
    expect({ part, diagnostics: compile(part, source).map((d) => d.message) }).toEqual({ part, diagnostics: [] });
  }
}, TIMEOUT);
