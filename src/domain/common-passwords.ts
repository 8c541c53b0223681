/**
 * Passwords that satisfy the spec's pattern (letters and digits, one lowercase letter, 8+) and yet
 * appear near the top of public breached-password lists; product decision 2 refuses them.
 */
export const commonPasswords: ReadonlySet<string> = new Set([
  'password', 'password1', 'password12', 'password123', 'password1234', 'passw0rd', 'p4ssw0rd', 'pa55word', 'pass1234', 'passpass',
  'qwerty12', 'qwerty123', 'qwerty1234', 'qwertyui', 'qwertyuiop', 'qwer1234', 'asdf1234', 'asdfghjk', 'asdfghjkl', 'zxcvbnm1',
  'zxcvbnm123', '1qaz2wsx', '1q2w3e4r', '1q2w3e4r5t', 'q1w2e3r4', 'q1w2e3r4t5', 'qazwsxedc', 'abc12345', 'abcd1234', 'abcdefg1',
  'abcdefgh', 'a1234567', 'a12345678', 'aa123456', 'aaaaaaaa', 'iloveyou', 'iloveyou1', 'sunshine', 'sunshine1', 'princess',
  'princess1', 'football', 'football1', 'baseball', 'baseball1', 'starwars', 'superman', 'trustno1', 'welcome1', 'welcome123',
  'letmein1', 'letmein123', 'dragon12', 'master12', 'monkey12', 'shadow12', 'michael1', 'jennifer', 'computer', 'internet',
  'whatever', 'corvette', 'mercedes', 'mustang1', 'liverpool', 'chelsea1', 'arsenal1', 'pokemon1', 'naruto12', 'doraemon',
  'pikachu1', 'hello123', 'hello1234', 'helloworld', 'test1234', 'testtest', 'test12345', 'admin123', 'admin1234', 'administrator',
  'root1234', 'user1234', 'guest123', 'login123', 'changeme', 'changeme1', 'default1', 'secret12', 'secret123', 'freedom1',
  'charlie1', 'jordan23', 'michelle', 'samsung1', 'google123', 'apple123', 'iphone12', 'japan123', 'tokyo123', 'osaka123',
  'nihon123', 'sakura12', 'sakura123', 'arigatou', 'daisuki1', 'musio123', 'musioenglish', 'english1', 'english123', 'lesson123',
  '12345678a', '123456789a', '1234567a', '11111111a', '00000000a', '12341234a', 'a1b2c3d4', 'a1b2c3d4e5', '1a2b3c4d', 'aaaa1111',
  'abc123456', 'abc123abc', 'qwe12345', 'qwe123456', 'asd12345', 'asd123456', 'zxc12345', 'zaq12wsx', 'xsw21qaz', '2wsx3edc',
  'password01', 'password00', 'iloveyou2', 'loveyou1', 'lovelove', 'babygirl', 'babygirl1', 'butterfly', 'chocolate', 'cookie12',
  'fuckyou1', 'soccer12', 'hockey12', 'killer12', 'batman12', 'spiderman', 'minecraft', 'fortnite1', 'roblox123', 'youtube1',
  'facebook', 'facebook1', 'twitter1', 'instagram', 'linkedin', 'dropbox1', 'zaq1zaq1', 'azerty12', 'azerty123', 'qwertz12',
  'summer2024', 'summer2025', 'summer2026', 'winter2024', 'winter2025', 'winter2026', 'spring2025', 'spring2026', 'autumn2025', 'autumn2026',
]);

/** Whether a password is on the list, whatever its case. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}
