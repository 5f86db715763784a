/**
 * A small CA made with the openssl command, for the configuration tests of "Autoridades de
 * confianza": a CA certificate, a leaf (not a CA) and a CRL signed by the CA. The signed-document
 * tests use the engine's PKI (test/support/pki.ts) instead.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export interface CaOpenssl {
  dir: string;
  certificadoPem: Buffer;
  certificadoDer: Buffer;
  /** A certificate that is not a CA's, issued by nobody (self-signed). */
  hojaPem: Buffer;
  /** A new CRL of this CA (PEM); each call's thisUpdate is now. */
  crl(): Buffer;
  borrar(): void;
}

const ssl = (dir: string, args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: "pipe" });

export function crearCa(nombre: string): CaOpenssl {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ca-prueba-"));
  const ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes"];
  ssl(dir, [
    "req",
    "-x509",
    ...ec,
    "-keyout",
    "ca.key",
    "-out",
    "ca.pem",
    "-days",
    "3650",
    "-subj",
    `/C=DO/O=Pruebas/CN=${nombre}`,
    "-addext",
    "basicConstraints=critical,CA:TRUE",
    "-addext",
    "keyUsage=critical,keyCertSign,cRLSign",
  ]);
  ssl(dir, [
    "req",
    "-x509",
    ...ec,
    "-keyout",
    "hoja.key",
    "-out",
    "hoja.pem",
    "-days",
    "365",
    "-subj",
    `/C=DO/CN=Hoja de ${nombre}`,
    "-addext",
    "basicConstraints=critical,CA:FALSE",
  ]);
  ssl(dir, ["x509", "-in", "ca.pem", "-outform", "DER", "-out", "ca.der"]);
  fs.writeFileSync(path.join(dir, "index.txt"), "");
  fs.writeFileSync(path.join(dir, "crlnumber"), "01\n");
  fs.writeFileSync(
    path.join(dir, "ca.cnf"),
    "[ca]\ndefault_ca=d\n[d]\ndatabase=index.txt\ncrlnumber=crlnumber\ndefault_md=sha256\ndefault_crl_days=30\n",
  );
  return {
    dir,
    certificadoPem: fs.readFileSync(path.join(dir, "ca.pem")),
    certificadoDer: fs.readFileSync(path.join(dir, "ca.der")),
    hojaPem: fs.readFileSync(path.join(dir, "hoja.pem")),
    crl() {
      ssl(dir, ["ca", "-config", "ca.cnf", "-gencrl", "-keyfile", "ca.key", "-cert", "ca.pem", "-out", "crl.pem"]);
      return fs.readFileSync(path.join(dir, "crl.pem"));
    },
    borrar: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
