import { memoryUnderLoad } from './lib/memory-load.ts';
import { memoryMap } from './lib/memory-map.ts';
const pid = Number(process.argv[2]);
console.log('start', JSON.stringify(memoryMap(pid)));
const r = await memoryUnderLoad({
  base: 'http://localhost:8971', pid, login: { username: 'admin', password: 'Zq8!vents-Lamp-Orbit' },
  loadMs: Number(process.argv[3] ?? 120) * 1000, settleMs: Number(process.argv[4] ?? 30) * 1000,
  progress: (l) => { if (/^(\d*[05]0) s/.test(l)) console.log(l, JSON.stringify(memoryMap(pid))); },
});
console.log('end', JSON.stringify(memoryMap(pid)));
console.log(JSON.stringify({ ...r, samples: undefined }));
