import Database from "libsql";
const db = new Database("/tmp/prof/inproc.db");
const s = db.prepare("SELECT * FROM carriers WHERE id = ? AND company_id = ?");
const r = db.prepare("SELECT * FROM carriers WHERE id = ? AND company_id = ?").raw(true);
const N=200000;
for (const mode of ["all","get","raw","all","get","raw"]) {
  const t0=process.hrtime.bigint();
  for (let i=0;i<N;i++) { const id = 1 + (i % 200); if (mode==="all") s.all([id,1]); else if (mode==="get") s.get([id,1]); else r.get([id,1]); }
  console.log(mode, (Number(process.hrtime.bigint()-t0)/N/1000).toFixed(2), "µs");
}
