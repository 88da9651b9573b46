import { describe, expect, it } from 'vitest';
import { resumeFileName } from '../../src/lib/server/uploads.ts';

describe('resumeFileName', () => {
  it('ends in the type the content was found to be, whatever the sender named it', () => {
    expect(resumeFileName('Invoice.msi', 'doc')).toBe('Invoice.doc');
    expect(resumeFileName('CV_Ivanov.pdf.bat', 'pdf')).toBe('CV_Ivanov.pdf');
    expect(resumeFileName('cv.html', 'pdf')).toBe('cv.pdf');
    expect(resumeFileName('Anna Smirnova.PDF', 'pdf')).toBe('Anna Smirnova.pdf');
    expect(resumeFileName('Резюме Иванов.docx', 'docx')).toBe('Резюме Иванов.docx');
    expect(resumeFileName('Ivanov Ivan. CV', 'pdf')).toBe('Ivanov Ivan. CV.pdf');
    expect(resumeFileName('', 'docx')).toBe('resume.docx');
  });

  it('drops direction overrides, path separators and control characters', () => {
    expect(resumeFileName('CV_Ivanov\u202Efdp.exe', 'pdf')).toBe('CV_Ivanovfdp.pdf');
    expect(resumeFileName('..\\..\\evil.pdf', 'pdf')).toBe('.._.._evil.pdf');
    expect(resumeFileName('a/b\u0000"c.pdf', 'pdf')).toBe('a_b__c.pdf');
    expect(resumeFileName(`${'x'.repeat(500)}.pdf`, 'pdf')).toHaveLength(194);
  });
});
