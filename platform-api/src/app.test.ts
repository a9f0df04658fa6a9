import path from 'node:path';
import { describeServiceContract } from '@agentflow/shared/testing/serviceContract';
import { SERVICE_NAME, createApp } from './app';

describeServiceContract({ name: SERVICE_NAME, packageDir: path.resolve(__dirname, '..'), createApp });
