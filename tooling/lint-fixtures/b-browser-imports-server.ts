// Lint fixture, direction (b): browser code importing Node built-ins, the
// Admin SDK, or the server and ledger parts of shared. Linted as
// mf-workflows/src/api/fixture.ts and as shared/src/web/fixture.ts.
import { readFileSync } from 'node:fs'; // expect: agentflow/browser-imports
import path from 'path'; // expect: agentflow/browser-imports
import { getFirestore } from 'firebase-admin/firestore'; // expect: agentflow/browser-imports
import { createServiceApp } from '@agentflow/shared/server'; // expect: agentflow/browser-imports
import { TokenLedger } from '../../../shared/src/ledger/ledger'; // expect: agentflow/browser-imports
import { loadConfig } from '../../../shared/src/server/config'; // expect: agentflow/browser-imports

export const used = [readFileSync, path, getFirestore, createServiceApp, TokenLedger, loadConfig];
export const later = () => import('node:crypto'); // expect: agentflow/browser-imports
