// The demo data's one entry: what `npm start` loads into an empty embedded database (through
// src/db/demo-loader.ts, which imports this file, or its bundle dist-demo/index.js, only when
// demo data is asked for). Nothing of src imports it: the production server bundle holds no demo
// data.
export { seedDemoData } from './seed';
export { rollDemoSpike } from './seed/spike';
