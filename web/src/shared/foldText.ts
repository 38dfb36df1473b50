/** Text as searches compare it: without accents, in lower case, trimmed ("Clinique Médicale" -> "clinique medicale"). */
export const foldText = (value: string): string =>
  value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
