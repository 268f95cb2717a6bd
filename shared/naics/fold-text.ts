/** Lower case without accents: how every search of the app compares text ("Café" finds "cafe"). */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}
