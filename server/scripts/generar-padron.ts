/** Writes seed-data/padron.csv: 400 synthetic people with valid cédulas (deterministic). */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { digitoVerificador } from "@registro/contracts";

const NOMBRES = [
  "María",
  "José",
  "Juan",
  "Ana",
  "Luis",
  "Carmen",
  "Pedro",
  "Rosa",
  "Carlos",
  "Laura",
  "Miguel",
  "Isabel",
  "Rafael",
  "Lucía",
  "Francisco",
  "Elena",
  "Manuel",
  "Teresa",
  "Ramón",
  "Patricia",
  "Jorge",
  "Daniela",
  "Andrés",
  "Gabriela",
  "Fernando",
  "Sofía",
  "Ricardo",
  "Valeria",
  "Alberto",
  "Mercedes",
];
const SEGUNDOS = ["Antonio", "Elena", "Alejandro", "Altagracia", "Enrique", "Josefina", "Manuel", "Victoria", "", ""];
const APELLIDOS = [
  "Pérez",
  "Rodríguez",
  "Martínez",
  "Gómez",
  "Fernández",
  "Santos",
  "Díaz",
  "Reyes",
  "Morales",
  "Jiménez",
  "Ramírez",
  "Herrera",
  "Castillo",
  "Núñez",
  "Vásquez",
  "Peña",
  "Cruz",
  "Batista",
  "Mejía",
  "Guzmán",
  "Taveras",
  "Almonte",
  "Rosario",
  "Féliz",
  "Medina",
  "Tejada",
  "Cabrera",
  "Polanco",
  "Valdez",
  "Ortiz",
];

let seed = 20261122;
const rand = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const pick = <T>(a: T[]) => a[Math.floor(rand() * a.length)];

const out = ["cedula,nombres,apellidos"];
const seen = new Set<string>();
while (out.length <= 400) {
  const base = `${String(1 + Math.floor(rand() * 402)).padStart(3, "0")}${String(Math.floor(rand() * 1e7)).padStart(7, "0")}`;
  const cedula = `${base.slice(0, 3)}-${base.slice(3)}-${digitoVerificador(base)}`;
  if (seen.has(cedula)) continue;
  seen.add(cedula);
  const nombres = [pick(NOMBRES), pick(SEGUNDOS)].filter(Boolean).join(" ");
  out.push(`${cedula},${nombres},${pick(APELLIDOS)} ${pick(APELLIDOS)}`);
}
const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../seed-data/padron.csv");
fs.writeFileSync(file, `${out.join("\n")}\n`);
console.log(`wrote ${out.length - 1} people to ${file}`);
