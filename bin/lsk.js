#!/usr/bin/env node
import('../dist/src/cli/lsk.js');
