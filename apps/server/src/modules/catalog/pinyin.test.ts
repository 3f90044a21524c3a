import { describe, expect, it } from 'vitest';
import { goodsPinyinColumns, pinyinKeys } from './pinyin';

describe('pinyin search keys', () => {
  it('computes full pinyin without tones and initials', () => {
    expect(pinyinKeys('阿莫西林')).toEqual({ full: 'amoxilin', initials: 'amxl' });
    expect(pinyinKeys('藿香正气水')).toEqual({ full: 'huoxiangzhengqishui', initials: 'hxzqs' });
  });
  it('reads polyphones from context', () => {
    expect(pinyinKeys('重庆').full).toBe('chongqing');
    expect(pinyinKeys('长春').full).toBe('changchun');
    expect(pinyinKeys('长春高新').initials).toBe('ccgx');
    expect(pinyinKeys('调经丸').full).toBe('tiaojingwan');
  });
  it('reads the drug words the general dictionary gets wrong', () => {
    expect(pinyinKeys('东阿阿胶 阿胶')).toEqual({ full: 'dongeejiaoejiao', initials: 'deejej' });
    expect(pinyinKeys('阿莫西林').full).toBe('amoxilin');
  });
  it('keeps latin letters and digits', () => {
    expect(pinyinKeys('维生素C咀嚼片')).toEqual({ full: 'weishengsucjujuepian', initials: 'wsscjjp' });
    expect(pinyinKeys('999感冒灵颗粒').initials).toBe('999gmlkl');
  });
  it('handles empty and punctuation-only text', () => {
    expect(pinyinKeys('')).toEqual({ full: '', initials: '' });
    expect(pinyinKeys(' （）')).toEqual({ full: '', initials: '' });
  });
  it('fills the four goods columns', () => {
    expect(goodsPinyinColumns('阿莫西林胶囊', '华北制药股份有限公司')).toEqual({
      namePinyin: 'amoxilinjiaonang',
      nameInitials: 'amxljn',
      manufacturerPinyin: 'huabeizhiyaogufenyouxiangongsi',
      manufacturerInitials: 'hbzygfyxgs',
    });
  });
});
