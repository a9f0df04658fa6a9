// Lint fixture, direction (c): the domain core importing React, Firebase or
// Express. Linted as shared/src/domain/workflow/fixture.ts.
import { useState } from 'react'; // expect: agentflow/pure-domain
import { QueryClient } from '@tanstack/react-query'; // expect: agentflow/pure-domain
import { doc } from 'firebase/firestore'; // expect: agentflow/pure-domain
import type { Firestore } from 'firebase-admin/firestore'; // expect: agentflow/pure-domain
import express from 'express'; // expect: agentflow/pure-domain
import { useAuth } from '../../web/providers/AuthProvider'; // expect: agentflow/pure-domain

export const used = [useState, QueryClient, doc, express, useAuth];
export type Db = Firestore;
// A lazy load is still a dependency.
export const sdk = () => import('firebase/app'); // expect: agentflow/pure-domain
export type Auth = typeof import('firebase/auth'); // expect: agentflow/pure-domain
