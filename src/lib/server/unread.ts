/**
 * Unread chat messages of a user, for the header's dot and the User entity's unreadMessage.
 * Chats arrive with the real-time issue; until then nobody has unread messages.
 */
export async function unreadCount(_userId: string): Promise<number> {
  return 0;
}
