import type { DemoCategory, DemoMenu } from './types';

/** 常规商品分类 (header `category`) */
export const normalCategories: DemoCategory[] = [
  {
    code: 'n-xy',
    name: '西药',
    children: [
      { code: 'n-xy-kgr', name: '抗感染药' },
      { code: 'n-xy-xnxg', name: '心脑血管' },
      { code: 'n-xy-xh', name: '消化系统' },
      { code: 'n-xy-hx', name: '呼吸系统' },
      { code: 'n-xy-jrzt', name: '解热镇痛' },
      { code: 'n-xy-nfm', name: '内分泌' },
      { code: 'n-xy-sj', name: '神经精神' },
      { code: 'n-xy-wss', name: '维生素矿物质' },
    ],
  },
  {
    code: 'n-zcy',
    name: '中成药',
    children: [
      { code: 'n-zcy-gm', name: '感冒清热' },
      { code: 'n-zcy-zk', name: '止咳化痰' },
      { code: 'n-zcy-pw', name: '脾胃消化' },
      { code: 'n-zcy-by', name: '补益安神' },
      { code: 'n-zcy-hx', name: '活血化瘀' },
      { code: 'n-zcy-qr', name: '清热解毒' },
      { code: 'n-zcy-fs', name: '风湿骨伤' },
    ],
  },
  {
    code: 'n-wg',
    name: '皮肤五官',
    children: [
      { code: 'n-wg-pf', name: '皮肤用药' },
      { code: 'n-wg-yk', name: '眼科用药' },
      { code: 'n-wg-kq', name: '口腔咽喉' },
      { code: 'n-wg-be', name: '鼻耳用药' },
    ],
  },
  {
    code: 'n-fe',
    name: '妇科儿科',
    children: [
      { code: 'n-fe-fk', name: '妇科用药' },
      { code: 'n-fe-ekgm', name: '儿童感冒退热' },
      { code: 'n-fe-ekcw', name: '儿童肠胃止咳' },
    ],
  },
  {
    code: 'n-ylqx',
    name: '医疗器械',
    children: [
      { code: 'n-ylqx-jc', name: '检测仪器' },
      { code: 'n-ylqx-hc', name: '注射耗材' },
      { code: 'n-ylqx-fl', name: '敷料护创' },
      { code: 'n-ylqx-fh', name: '防护用品' },
      { code: 'n-ylqx-kf', name: '康复助行' },
      { code: 'n-ylqx-hx', name: '呼吸制氧' },
      { code: 'n-ylqx-hl', name: '家庭护理' },
    ],
  },
  {
    code: 'n-zyyp',
    name: '中药饮片',
    children: [
      { code: 'n-zyyp-bx', name: '补虚药' },
      { code: 'n-zyyp-qr', name: '清热药' },
      { code: 'n-zyyp-jb', name: '解表药' },
      { code: 'n-zyyp-hx', name: '活血化瘀药' },
      { code: 'n-zyyp-lq', name: '理气化湿药' },
      { code: 'n-zyyp-as', name: '安神平肝药' },
      { code: 'n-zyyp-ys', name: '药食同源' },
    ],
  },
  {
    code: 'n-bjsp',
    name: '保健食品',
    children: [
      { code: 'n-bjsp-wss', name: '维生素矿物质' },
      { code: 'n-bjsp-yy', name: '营养补充' },
      { code: 'n-bjsp-gn', name: '功能调节' },
    ],
  },
  {
    code: 'n-jsyp',
    name: '计生用品',
    children: [
      { code: 'n-jsyp-aqt', name: '避孕套' },
      { code: 'n-jsyp-yc', name: '验孕检测' },
      { code: 'n-jsyp-byy', name: '避孕药' },
    ],
  },
  {
    code: 'n-xdyp',
    name: '消毒用品',
    children: [
      { code: 'n-xdyp-pf', name: '皮肤消毒' },
      { code: 'n-xdyp-hj', name: '环境消毒' },
      { code: 'n-xdyp-ss', name: '手部清洁消毒' },
    ],
  },
];

/** 优选(包邮) 菜单 (header `category_yx`) */
export const yxCategories: DemoCategory[] = [
  {
    code: 'yx-gm',
    name: '感冒发热',
    children: [
      { code: 'yx-gm-xy', name: '西药感冒' },
      { code: 'yx-gm-zy', name: '中药感冒' },
    ],
  },
  {
    code: 'yx-cw',
    name: '肠胃用药',
    children: [
      { code: 'yx-cw-xh', name: '胃痛消化' },
      { code: 'yx-cw-fx', name: '腹泻便秘' },
    ],
  },
  {
    code: 'yx-mb',
    name: '慢病用药',
    children: [
      { code: 'yx-mb-xy', name: '降压' },
      { code: 'yx-mb-xt', name: '降糖' },
      { code: 'yx-mb-xz', name: '调脂护心' },
    ],
  },
  {
    code: 'yx-wg',
    name: '外用五官',
    children: [
      { code: 'yx-wg-pf', name: '皮肤外用' },
      { code: 'yx-wg-wg', name: '眼耳口鼻' },
    ],
  },
  {
    code: 'yx-fe',
    name: '妇儿专区',
    children: [
      { code: 'yx-fe-fk', name: '妇科' },
      { code: 'yx-fe-ek', name: '儿科' },
    ],
  },
  {
    code: 'yx-zb',
    name: '滋补保健',
    children: [
      { code: 'yx-zb-bj', name: '营养保健' },
      { code: 'yx-zb-zy', name: '滋补中药' },
    ],
  },
  {
    code: 'yx-jt',
    name: '家庭常备',
    children: [
      { code: 'yx-jt-qx', name: '家用器械' },
      { code: 'yx-jt-xd', name: '消毒防护' },
    ],
  },
];

/** 中药饮片菜单 (header `category_zy`), by medicinal part */
export const zyCategories: DemoCategory[] = [
  { code: 'zy-gj', name: '根茎类' },
  { code: 'zy-gz', name: '果实种子类' },
  { code: 'zy-qc', name: '全草类' },
  { code: 'zy-hy', name: '花叶类' },
  { code: 'zy-pl', name: '皮类' },
  { code: 'zy-jz', name: '菌藻类' },
  { code: 'zy-dw', name: '动物类' },
  { code: 'zy-kw', name: '矿物类' },
  { code: 'zy-xl', name: '精制粉类' },
];

/** 器械菜单 (header `category_qx`) */
export const qxCategories: DemoCategory[] = [
  {
    code: 'qx-jc',
    name: '家用检测',
    children: [
      { code: 'qx-xyj', name: '血压计' },
      { code: 'qx-xtj', name: '血糖仪' },
      { code: 'qx-twj', name: '体温计' },
    ],
  },
  {
    code: 'qx-hc',
    name: '医用耗材',
    children: [
      { code: 'qx-zscc', name: '注射穿刺' },
      { code: 'qx-fl', name: '敷料' },
      { code: 'qx-fhyp', name: '防护用品' },
    ],
  },
  {
    code: 'qx-kf',
    name: '康复护理',
    children: [
      { code: 'qx-kfll', name: '康复理疗' },
      { code: 'qx-zx', name: '助行器械' },
      { code: 'qx-hxzy', name: '呼吸制氧' },
    ],
  },
  {
    code: 'qx-qt',
    name: '其他器械',
    children: [
      { code: 'qx-jsqx', name: '计生器械' },
      { code: 'qx-hlyp', name: '护理用品' },
    ],
  },
];

export const demoCategories: Record<DemoMenu, DemoCategory[]> = {
  normal: normalCategories,
  yx: yxCategories,
  zy: zyCategories,
  qx: qxCategories,
};

/** 经营范围 classes: the one list lives in packages/domain. */
export { scopeClasses } from '@yaocai/domain';
