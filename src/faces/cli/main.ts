export async function main(argv: string[]): Promise<number> {
  console.log('cairn', argv.slice(2).join(' '));
  return 0;
}
