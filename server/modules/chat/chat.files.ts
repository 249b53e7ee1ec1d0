import { CHAT_MESSAGES, type ChatFile } from '#common/chat.ts'
import type { Ctx } from '../../context.ts'
import { AppError } from '../../errors.ts'
import type { FilesService } from '../files/index.ts'

/**
 * The uploaded files a message may carry, in the order given: each must be one the sender may see
 * (uploaded by them or their organization). Reading them afterwards is for the room's members,
 * whoever uploaded them (chat.service.ts `readFile`).
 */
export async function attachableFiles(
  ctx: Ctx,
  files: Pick<FilesService, 'describeMany'>,
  ids: string[],
): Promise<ChatFile[]> {
  const wanted = [...new Set(ids)]
  if (!wanted.length) return []
  const found = new Map((await files.describeMany(ctx, wanted)).map((f) => [f.id, f]))
  return wanted.map((id) => {
    const file = found.get(id)
    if (!file)
      throw new AppError('invalid', CHAT_MESSAGES.fileNotAttachable, { fileIds: CHAT_MESSAGES.fileNotAttachable })
    return {
      id,
      name: file.originalName,
      mimeType: file.mimeType,
      size: file.size,
      isImage: file.mimeType.startsWith('image/'),
    }
  })
}
