/** The machine's IPv4 addresses the LAN can reach (not loopback or link-local), each once. */
export function lanAddresses(interfaces = Deno.networkInterfaces()): string[] {
  const found = interfaces
    .filter((i) => i.family === "IPv4" && !/^(127\.|169\.254\.)/.test(i.address))
    .map((i) => i.address);
  return [...new Set(found)];
}

/** The start line naming the addresses the wards open, or saying there is none yet. */
export function lanLine(port: number, addresses = lanAddresses()): string {
  return addresses.length
    ? `Buka dari komputer lain di jaringan: ${
      addresses.map((a) => `http://${a}:${port}`).join(" atau ")
    }`
    : "Komputer ini belum punya alamat jaringan (LAN): komputer lain belum bisa membukanya.";
}
