/** The longest chat message, in characters: longer ones are refused with a message, never cut. */
export const MAX_MESSAGE_LENGTH = 4000;
