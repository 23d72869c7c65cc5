import { usePasswordCostForTests } from '../lib/password.js';

// every test worker hashes passwords at the test cost (the template's users were made with it too)
usePasswordCostForTests();
