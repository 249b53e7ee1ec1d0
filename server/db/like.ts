/** «%text%» for ILIKE, the pattern characters of the text (\\, %, _) escaped: a search matches what was typed. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
