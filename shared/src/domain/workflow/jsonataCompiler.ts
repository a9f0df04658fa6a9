// Installs JSONata as the expression compiler (expressionCompiler.ts) for Node
// and the tests. The workflow entry imports this file for its side effect only;
// browser builds drop that import (package.json "sideEffects") and load the
// compiler lazily instead.
import jsonata from 'jsonata';
import { installExpressionCompiler } from './expressionCompiler.js';

installExpressionCompiler(jsonata);
